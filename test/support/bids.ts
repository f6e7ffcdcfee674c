/** Bids placed through the api, as the dapp places them. */

/** POST /auctions/:id/bids as the holder of `token`, with a maximum when one is given. */
export function postBid(apiUrl: string, token: string, lotId: string, amount: string | number, maximum?: string): Promise<Response> {
  return fetch(`${apiUrl}/auctions/${lotId}/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(maximum === undefined ? { amount } : { amount, maximum }),
  });
}
