/** The spec's table: the bid's premium over the current bid, and the chance of winning it gives. */
const TABLE = [
  { premium: '50% or more', chance: 95 },
  { premium: '25% or more', chance: 80 },
  { premium: '10% or more', chance: 60 },
  { premium: '5% or more', chance: 40 },
  { premium: 'less than 5%', chance: 20 },
] as const;

/** The bid's win probability as a meter, with the table it comes from and its row marked. */
export function WinChance({ percent }: { percent: number }) {
  return (
    <section className="win-chance" aria-labelledby="win-chance-title" data-testid="calc-win">
      <div className="win-chance__head">
        <h3 id="win-chance-title">Chance of winning</h3>
        <strong data-testid="calc-win-percent">{percent}%</strong>
      </div>
      <meter className="win-chance__meter" min={0} max={100} low={40} high={79} optimum={100} value={percent} aria-label="Chance of winning" />
      <table className="win-chance__table">
        <thead>
          <tr>
            <th scope="col">Premium over current bid</th>
            <th scope="col">Chance</th>
          </tr>
        </thead>
        <tbody>
          {TABLE.map((row) => (
            <tr key={row.chance} aria-current={row.chance === percent ? 'true' : undefined}>
              <td>{row.premium}</td>
              <td>{row.chance}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
