import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';

interface AuthLayoutProps {
  heading: string;
  subtitle?: string;
  /** Render the subtitle as a second-level heading (the reset screen has two headings, SPEC §2). */
  subtitleIsHeading?: boolean;
  children: ReactNode;
  /** Under the card: switch links and legal text. */
  footer?: ReactNode;
}

/** The centred card every sign-in screen sits in. */
export function AuthLayout({ heading, subtitle, subtitleIsHeading = false, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page">
      <main className="auth-column">
        <Link to="/" className="auth-brand" aria-label="Flowsmith home">
          <Logo withName />
        </Link>
        <section className="auth-card" aria-labelledby="auth-heading">
          <header className="auth-header">
            <h1 id="auth-heading" className="auth-heading">
              {heading}
            </h1>
            {subtitle ? (
              subtitleIsHeading ? (
                <h2 className="auth-subtitle">{subtitle}</h2>
              ) : (
                <p className="auth-subtitle">{subtitle}</p>
              )
            ) : null}
          </header>
          {children}
        </section>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
