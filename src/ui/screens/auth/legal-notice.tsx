/** The consent line under the sign-in card. There are no legal pages yet, so the names are not links. */
export function LegalNotice() {
  return (
    <p className="auth-legal">
      By continuing, you agree to our <strong>Terms of Service</strong> and <strong>Privacy Policy</strong>.
    </p>
  );
}
