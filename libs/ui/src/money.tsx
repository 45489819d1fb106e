import { formatMoney } from './format';

export interface MoneyProps {
  cents: number;
  /** 'auto' (default): green when positive, red when negative. 'plain': no colour, e.g. prices on product tiles. */
  tone?: 'auto' | 'plain';
  className?: string;
}

export function Money({ cents, tone = 'auto', className }: MoneyProps) {
  const toneClass = tone === 'auto' ? (cents > 0 ? ' k-money--positive' : cents < 0 ? ' k-money--negative' : '') : '';
  return <span className={`k-money${toneClass}${className ? ` ${className}` : ''}`}>{formatMoney(cents)}</span>;
}
