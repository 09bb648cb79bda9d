import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SquareDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId: string;
}

/**
 * A modal on the native `<dialog>`: focus trap, Escape and the top layer come
 * from the browser, so the square's pop-ups do not load antd's modal.
 */
export function SquareDialog({ title, onClose, children, className, testId }: SquareDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`sq-dialog ${className ?? ''}`}
      aria-label={title}
      data-testid={testId}
      // Escape: the page decides (it also takes `?id=` off the address), so the browser must not close it alone.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the dialog element itself, outside its inner box.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="sq-dialog__box">
        <header className="sq-dialog__head">
          <h2 className="sq-dialog__title">{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')} data-testid={`${testId}-close`}>
            <CloseOutlined aria-hidden="true" />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
