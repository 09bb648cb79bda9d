/** A bar of the words written against the target (full at the target; green once it is reached). */
export function WordMeter({ words, target, label }: { words: number; target: number; label?: string }) {
  const ratio = target > 0 ? Math.min(1, words / target) : 0;
  return (
    <div className={`pw-meter${words >= target ? ' pw-meter--over' : ''}`} role="meter" aria-valuemin={0} aria-valuemax={target} aria-valuenow={Math.min(words, target)} aria-label={label} data-testid="pw-meter">
      <span style={{ width: `${Math.round(ratio * 100)}%` }} />
    </div>
  );
}
