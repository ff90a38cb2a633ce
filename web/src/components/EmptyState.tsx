import type { ReactNode } from 'react';

export function EmptyState({ icon, title, body, action }: { icon: ReactNode; title: ReactNode; body?: ReactNode; action?: ReactNode }) {
  return (
    <section className="sf-empty">
      <div className="sf-empty__icon" aria-hidden="true">{icon}</div>
      <h2 className="sf-empty__title">{title}</h2>
      {body ? <p className="sf-empty__body">{body}</p> : null}
      {action ? <div className="sf-empty__action">{action}</div> : null}
    </section>
  );
}
