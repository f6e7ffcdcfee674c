import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyOtp, OtpInput } from './OtpInput.tsx';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [digits, setDigits] = useState(emptyOtp);
  return <OtpInput value={digits} onChange={setDigits} onComplete={onComplete} />;
}

const box = (index: number) => screen.getByTestId(`otp-${index}`) as HTMLInputElement;
const values = () => [0, 1, 2, 3, 4, 5].map((i) => box(i).value).join('');

describe('OtpInput', () => {
  afterEach(cleanup);

  it('takes one digit per box, moves on, and completes with the whole code', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    for (const [index, digit] of [...'482913'].entries()) fireEvent.change(box(index), { target: { value: digit } });
    expect(values()).toBe('482913');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('482913');
  });

  it('ignores anything but digits', () => {
    render(<Harness onComplete={vi.fn()} />);
    fireEvent.change(box(0), { target: { value: 'a' } });
    expect(box(0).value).toBe('');
    expect(document.activeElement).not.toBe(box(1));
  });

  it('fills every box from a pasted code, wherever it lands', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123-456 ' } });
    expect(values()).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('goes back a box on Backspace in an empty one, clearing it', () => {
    render(<Harness onComplete={vi.fn()} />);
    fireEvent.change(box(0), { target: { value: '7' } });
    fireEvent.keyDown(box(1), { key: 'Backspace' });
    expect(box(0).value).toBe('');
    expect(document.activeElement).toBe(box(0));
  });
});
