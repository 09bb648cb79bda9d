export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__dot" />
      {label && <span className="page-spinner__label">{label}</span>}
    </div>
  );
}
