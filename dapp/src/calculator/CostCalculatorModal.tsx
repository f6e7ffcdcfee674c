import { useEffect, useState } from 'react';
import { CALCULATOR_DEFAULTS, costOf, QUICK_BID_INCREMENTS_SATS, winProbability, type Lot } from '@gavel/domain';
import { Modal } from '../components/modal/Modal.tsx';
import { CostBreakdown } from './CostBreakdown.tsx';
import { currentBidSats, initialInputs, numberOr, type CalculatorInputs } from './calculator-inputs.ts';
import { NumberField } from './NumberField.tsx';
import { usePrices } from './use-prices.ts';
import { WinChance } from './WinChance.tsx';
import '../checkout/checkout.css';
import './calculator.css';

interface CostCalculatorModalProps {
  lot: Lot;
  open: boolean;
  onClose: () => void;
}

/**
 * The Bitcoin cost calculator modal: what a bid costs in USD with the network and platform fees, and its
 * rough chance of winning. The BTC price follows the public price service every 30 s until the user types
 * their own; without the service it starts from the spec's default, silently.
 */
export default function CostCalculatorModal({ lot, open, onClose }: CostCalculatorModalProps) {
  const prices = usePrices(open);
  const [inputs, setInputs] = useState<CalculatorInputs>(() => initialInputs(lot, prices.btcUsd));
  const [priceTouched, setPriceTouched] = useState(false);
  const current = currentBidSats(lot);

  // A fresh price replaces the shown one unless the user has typed their own.
  useEffect(() => {
    if (!priceTouched) setInputs((now) => ({ ...now, btcPriceUsd: String(prices.btcUsd) }));
  }, [prices.btcUsd, priceTouched]);

  const set = (name: keyof CalculatorInputs) => (value: string) => setInputs((now) => ({ ...now, [name]: value }));
  const bidSats = numberOr(inputs.bidSats, 0);
  const cost = costOf({
    bidSats,
    btcPriceUsd: numberOr(inputs.btcPriceUsd, CALCULATOR_DEFAULTS.btcPriceUsd),
    networkFeeBtc: numberOr(inputs.networkFeeBtc, CALCULATOR_DEFAULTS.networkFeeBtc),
    platformFeePercent: numberOr(inputs.platformFeePercent, CALCULATOR_DEFAULTS.platformFeePercent),
  });

  return (
    <Modal open={open} title="Bitcoin cost calculator" onClose={onClose} testId="calculator">
      <div className="calculator">
        <NumberField label="Your bid" unit="sats" value={inputs.bidSats} onChange={set('bidSats')} testId="calc-bid" step="1" />
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's default border, padding and min-width would break the row of buttons */}
        <div className="calculator__quick" role="group" aria-label="Add to the bid">
          {QUICK_BID_INCREMENTS_SATS.map((step) => (
            <button key={step} type="button" className="calculator__chip" data-testid={`calc-add-${step}`} onClick={() => set('bidSats')(String(bidSats + step))}>
              +{step.toLocaleString('en-US')}
            </button>
          ))}
        </div>
        <div className="calculator__grid">
          <NumberField
            label="BTC price"
            unit="USD"
            value={inputs.btcPriceUsd}
            testId="calc-btc-price"
            step="0.01"
            hint={prices.live ? 'Live price, refreshed every 30 s' : 'Default price'}
            onChange={(value) => {
              setPriceTouched(true);
              set('btcPriceUsd')(value);
            }}
          />
          <NumberField label="Network fee" unit="BTC" value={inputs.networkFeeBtc} onChange={set('networkFeeBtc')} testId="calc-network-fee" step="0.00001" />
          <NumberField label="Platform fee" unit="%" value={inputs.platformFeePercent} onChange={set('platformFeePercent')} testId="calc-platform-fee" step="0.1" />
        </div>
        <CostBreakdown cost={cost} />
        {current !== null && <WinChance percent={winProbability(bidSats, current)} />}
      </div>
    </Modal>
  );
}
