export function SetupPage() {
  return (
    <div className="k-page k-page--narrow">
      <h1 className="k-page__title">Account setup</h1>
      <p className="k-page__lead">Request an account for paying at the bar; a board member approves it.</p>
    </div>
  );
}
