import { Link } from 'react-router';
import { useDocumentTitle } from '../use-document-title.ts';

/** How a bidder takes their coins back from their vault with no help from Gavel: the exit leaf, after N blocks. */
export function VaultExitPage() {
  useDocumentTitle('If Gavel is gone');
  return (
    <article className="info-page" data-testid="vault-exit-page">
      <h1>If Gavel is gone</h1>
      <p>
        Your vault never depends on Gavel to give your coins back. Each coin in it can be spent in two ways: by you and Gavel together (withdrawals and bids), or by you alone once it has been in the
        vault for N blocks (4,320 by default, about 30 days). Gavel alone can move nothing.
      </p>
      <h2>What you need</h2>
      <ul>
        <li>
          Your vault's <strong>descriptor</strong>, shown on <Link to="/profile">My wallet</Link>. Keep a copy: it is everything needed to find and spend the vault, and contains no secret.
        </li>
        <li>The wallet whose ordinals (taproot) account opened the vault: its key is the B in the descriptor.</li>
        <li>The vault's outputs: any block explorer lists the unspent outputs of the vault address (txid, output number, amount).</li>
      </ul>
      <h2>Steps</h2>
      <ol>
        <li>Wait until each output is N blocks deep (its exit height: the block it confirmed in plus N). Before that no node relays the exit (it is refused as non-BIP68-final).</li>
        <li>
          Build the exit transaction with the script in Gavel's public repository:
          <pre>
            node --import tsx scripts/bitcoin/vault-exit.ts --descriptor '&lt;descriptor&gt;' --network mainnet --outpoint &lt;txid&gt;:&lt;vout&gt;:&lt;sats&gt; --to &lt;your address&gt; --fee-rate 2
          </pre>
          It prints a PSBT spending every output by the exit leaf with nSequence = N.
        </li>
        <li>
          Sign it in your wallet (every input, with the ordinals account), then run the script again with --signed-psbt &lt;the signed PSBT&gt; and --esplora https://mempool.space/api to broadcast it.
        </li>
      </ol>
      <p>
        Any wallet that imports the descriptor (Bitcoin Core, Sparrow, Liana) can do the same without the script: the exit is the <code>and_v(v:pk(B),older(N))</code> branch.
      </p>
    </article>
  );
}
