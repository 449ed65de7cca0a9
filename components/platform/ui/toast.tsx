'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: Tone;
  text: string;
}

const ToastContext = createContext<(text: string, tone?: Tone) => void>(() => {});

const VISIBLE_MS = 5_000;

/** Short confirmations in a polite live region, so screen readers announce them too. */
export function ToastProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Tone = 'success') => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all.slice(-2), { id, tone, text }]);
      setTimeout(() => dismiss(id), VISIBLE_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`} data-testid="toast">
            <span>{toast.text}</span>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => dismiss(toast.id)} aria-label={closeLabel}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
