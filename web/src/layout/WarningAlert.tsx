import type { ReactNode } from 'react';

/** A warning the screen reader announces at once (a refused action, a failed call); nothing when empty. */
export function WarningAlert({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="alert alert-warning" role="alert">
      {children}
    </p>
  );
}
