import { TextField } from '../components/form/TextField.tsx';
import { brandName, cardBrand, digitsOnly, formatCardNumber, formatExpiry } from './card-input.ts';
import './payment.css';

interface Field {
  value: string;
  error?: string;
  set: (value: string) => void;
}

interface CardFieldsProps {
  number: Field;
  expiry: Field;
  code: Field;
  /** `card` gives the test ids card-number, card-expiry and card-cvc. */
  testIdPrefix: string;
}

/**
 * A card's number, expiry and security code, formatted as they are typed (groups of digits, MM/YY, digits only),
 * with the brand read from the number. Both card forms (saving a card, paying now) are built on it.
 */
export function CardFields({ number, expiry, code, testIdPrefix }: CardFieldsProps) {
  const brand = cardBrand(number.value);
  return (
    <>
      <div className="card-number">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          testId={`${testIdPrefix}-number`}
          value={number.value}
          error={number.error}
          onChange={(event) => number.set(formatCardNumber(event.target.value))}
        />
        {brand && (
          <span className="card-number__brand" data-testid="card-brand">
            {brandName(brand)}
          </span>
        )}
      </div>
      <div className="form-row card-form__row">
        <TextField
          label="Expiry date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          testId={`${testIdPrefix}-expiry`}
          value={expiry.value}
          error={expiry.error}
          onChange={(event) => expiry.set(formatExpiry(event.target.value, expiry.value))}
        />
        <TextField
          // One word for the code on every form: Stripe's own, CVC.
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'amex' ? '1234' : '123'}
          testId={`${testIdPrefix}-cvc`}
          value={code.value}
          error={code.error}
          onChange={(event) => code.set(digitsOnly(event.target.value, 4))}
        />
      </div>
    </>
  );
}
