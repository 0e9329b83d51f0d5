export function ProductHeader() {
  return (
    <header className="bullpen-auth__header">
      <span className="bullpen-auth__logo" aria-hidden="true">
        ▲
      </span>
      <h1 className="bullpen-auth__title">Bullpen</h1>
      <p className="bullpen-auth__tagline">Stock-picking contests for investors</p>
    </header>
  );
}
