export function AccountPage() {
  return (
    <div className="k-page k-page--narrow">
      <h1 className="k-page__title">Your account</h1>
      <p className="k-page__lead">Your balance, credit status, next direct debit, history, top-ups and PIN code.</p>
    </div>
  );
}
