/**
 * Bitcoin Core's refusals as Esplora relays them: POST /tx answers 400 with a text body
 * `sendrawtransaction RPC error: {"code":-26,"message":"..."}`. Codes: -22 decode, -25 missing or spent
 * inputs, -26 policy and script verification, -27 already in the chain.
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  get body(): string {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.message })}`;
  }
}

export const rpc = {
  decodeFailed: () => new RpcError(-22, 'TX decode failed. Make sure the tx has at least one input.'),
  missingOrSpent: () => new RpcError(-25, 'bad-txns-inputs-missingorspent'),
  mempoolConflict: () => new RpcError(-26, 'txn-mempool-conflict'),
  alreadyInChain: () => new RpcError(-27, 'Transaction already in block chain'),
  belowOut: (valueIn: number, valueOut: number) => new RpcError(-26, `bad-txns-in-belowout, value in (${btc(valueIn)}) < value out (${btc(valueOut)})`),
  dust: () => new RpcError(-26, 'dust'),
  minRelayFee: (fee: number, min: number) => new RpcError(-26, `min relay fee not met, ${fee} < ${min}`),
  scriptFailed: (reason: string) => new RpcError(-26, `mandatory-script-verify-flag-failed (${reason})`),
  nonStandard: (what: string) => new RpcError(-26, `non-standard (${what})`),
  duplicateInputs: () => new RpcError(-26, 'bad-txns-inputs-duplicate'),
  nonBip68Final: () => new RpcError(-26, 'non-BIP68-final'),
  replacementFee: (txid: string, why: string) => new RpcError(-26, `insufficient fee, rejecting replacement ${txid}; ${why}`),
};

function btc(sats: number): string {
  return (sats / 1e8).toFixed(8);
}
