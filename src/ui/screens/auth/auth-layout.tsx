import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { themeStore } from '../../stores/theme-store.ts';

interface AuthLayoutProps {
  heading: string;
  subtitle?: string;
  /** Render the subtitle as a second-level heading (the reset screen has two headings, SPEC §2). */
  subtitleIsHeading?: boolean;
  children: ReactNode;
  /** Under the card: switch links and legal text. */
  footer?: ReactNode;
}

/**
 * The centred card every sign-in screen sits in. It reads the theme store so that every guest screen loads
 * it (and with 'system' follows the OS live), not only those that happen to show the Google button.
 */
export const AuthLayout = observer(function AuthLayout({ heading, subtitle, subtitleIsHeading = false, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page" data-theme={themeStore.resolved}>
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
});
