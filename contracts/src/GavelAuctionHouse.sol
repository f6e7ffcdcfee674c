// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IGavelAuctionHouse} from "./IGavelAuctionHouse.sol";

/// @title GavelAuctionHouse
/// @notice English auctions for ERC-721 tokens, paid in ETH, many auctions in one contract.
///         A seller escrows an approved NFT with `create`, opens bidding with `start`, and anyone settles with
///         `end` once time is up. Outbid bidders are never paid inside someone else's transaction: their bid
///         is credited to `pendingReturns` and pulled with `withdraw`, so no bidder contract can block or tax
///         the next bid. Settlement never reverts because of a recipient: the NFT moves with `transferFrom`
///         (no receiver hook), an ETH payout that fails is credited to `pendingReturns` instead, and an NFT the
///         collection refuses to move stays here for its owner to pull with `claimNft`.
///         A bid carries the buyer's premium on top of its amount (the house's rate when the auction was created):
///         an outbid bidder gets both back, and at settlement the premium goes to the treasury with the fee.
contract GavelAuctionHouse is IGavelAuctionHouse, Ownable2Step, ReentrancyGuardTransient {
    // Storage form of an auction. A bid touches only slots 0 and 1, and both are non-zero by then (the seller
    // is set at create, endTime at start), so a first bid pays two 2,900-gas updates instead of a 20,000-gas
    // zero-to-non-zero store. uint96 holds 79 billion ETH; uint40 seconds last until the year 36812.
    struct StoredAuction {
        address seller; // slot 0
        uint96 highestBid;
        address highestBidder; // slot 1
        uint40 endTime;
        uint32 timeBufferSeconds;
        bool started;
        bool ended;
        NftClaim nftClaim;
        address nft; // slot 2
        uint96 reservePrice;
        uint256 nftId; // slot 3
        uint40 startTime; // slot 4
        uint32 durationSeconds;
        uint16 premiumBps;
    }

    /// @notice Highest platform fee the owner can set: 10%.
    uint256 public constant MAX_FEE_BPS = 1_000;
    /// @notice Highest buyer's premium the owner can set: 30%, above the big houses' top tier.
    uint256 public constant MAX_PREMIUM_BPS = 3_000;
    /// @notice Longest auction, in minutes (60 days).
    uint256 public constant MAX_DURATION_MINUTES = 60 * 24 * 60;
    /// @notice Longest anti-sniping extension window, in seconds (1 day).
    uint256 public constant MAX_TIME_BUFFER_SECONDS = 1 days;
    /// @notice How long after the end a winner has to claim an NFT the collection would not deliver at `end`,
    ///         before anyone may expire the claim: the winner's bid is refunded and the NFT goes to the seller.
    ///         Long enough for a paused collection to resume, short enough that neither side waits for good.
    uint256 public constant NFT_CLAIM_PERIOD = 7 days;
    /// @notice Gas forwarded with a settlement payout. Enough for a smart-contract wallet's receive, too little
    ///         for a recipient to burn the settler's gas; a failed payout is credited to `pendingReturns`.
    uint256 public constant PAYOUT_GAS_LIMIT = 50_000;

    // Settings that a second bid and `end` read, packed into one slot.
    address public treasury;
    uint16 public feeBps;
    uint64 public minBidIncrement;
    /// @notice The buyer's premium, in basis points of a bid, that auctions created from now on carry.
    uint16 public premiumBps;

    /// @notice Id the next `create` assigns. Ids start at 1 so that 0 never names an auction.
    uint256 public nextAuctionId = 1;
    /// @notice ETH each account can pull with `withdraw`: outbid bids and payouts that could not be pushed.
    mapping(address account => uint256 amount) public pendingReturns;

    mapping(uint256 auctionId => StoredAuction) private _auctions;

    /// @param initialOwner Owner of the settings; may also cancel auctions that have no bids.
    /// @param initialTreasury Receives the platform fee.
    /// @param initialFeeBps Platform fee in basis points of the winning bid.
    /// @param initialMinBidIncrement Minimum raise over the highest bid, in wei (spec: 0.0001 ETH).
    constructor(
        address initialOwner,
        address initialTreasury,
        uint16 initialFeeBps,
        uint64 initialMinBidIncrement
    ) Ownable(initialOwner) {
        _setTreasury(initialTreasury);
        _setFeeBps(initialFeeBps);
        _setMinBidIncrement(initialMinBidIncrement);
    }

    // ---------------------------------------------------------------- seller

    /// @notice Escrows `nftId` of `nft` (the caller must own it and have approved this contract) and opens an
    ///         auction for it that bidding can reach once `start` is called. The auction carries the house's
    ///         buyer's premium as it stands now (`premiumBps`), so a later change never alters a sale's terms.
    /// @param nft The ERC-721 contract.
    /// @param nftId The token id.
    /// @param reservePrice Lowest acceptable first bid, in wei; below it there is no sale.
    /// @param durationMinutes Bidding time from `start`, in minutes (1 to `MAX_DURATION_MINUTES`).
    /// @param timeBufferSeconds A bid with less than this left pushes the end to now + this (0 disables it).
    /// @return auctionId The new auction's id.
    function create(
        address nft,
        uint256 nftId,
        uint256 reservePrice,
        uint256 durationMinutes,
        uint256 timeBufferSeconds
    ) external nonReentrant returns (uint256 auctionId) {
        if (nft == address(0)) revert ZeroAddress();
        if (reservePrice > type(uint96).max) revert AmountTooLarge(reservePrice);
        if (durationMinutes == 0 || durationMinutes > MAX_DURATION_MINUTES) revert InvalidDuration(durationMinutes);
        if (timeBufferSeconds > MAX_TIME_BUFFER_SECONDS) revert InvalidTimeBuffer(timeBufferSeconds);

        auctionId = nextAuctionId++;
        StoredAuction storage a = _auctions[auctionId];
        a.seller = msg.sender;
        a.nft = nft;
        a.nftId = nftId;
        a.reservePrice = uint96(reservePrice);
        a.timeBufferSeconds = uint32(timeBufferSeconds);
        a.durationSeconds = uint32(durationMinutes * 60);
        uint16 premium = premiumBps;
        a.premiumBps = premium;
        emit AuctionCreated(auctionId, msg.sender, nft, nftId, reservePrice, durationMinutes * 60, timeBufferSeconds, premium);

        // Reverts unless the caller owns the token and approved this contract.
        IERC721(nft).transferFrom(msg.sender, address(this), nftId);
    }

    /// @notice Opens bidding: the clock starts now and runs for the duration given at `create`.
    ///         Seller or owner only.
    /// @param auctionId The auction to start.
    function start(uint256 auctionId) external nonReentrant {
        StoredAuction storage a = _existing(auctionId);
        _onlySellerOrOwner(a);
        if (a.started) revert AuctionAlreadyStarted(auctionId);
        uint256 endTime = block.timestamp + a.durationSeconds;
        a.started = true;
        a.startTime = uint40(block.timestamp);
        a.endTime = uint40(endTime);
        emit AuctionStarted(auctionId, block.timestamp, endTime);
    }

    /// @notice Cancels an auction that has no bids and returns the NFT to the seller. Seller or owner only.
    /// @param auctionId The auction to cancel.
    function cancel(uint256 auctionId) external nonReentrant {
        StoredAuction storage a = _existing(auctionId);
        _onlySellerOrOwner(a);
        if (a.ended) revert AuctionAlreadySettled(auctionId);
        if (a.highestBidder != address(0)) revert AuctionHasBids(auctionId);
        (address seller, address nft, uint256 nftId) = (a.seller, a.nft, a.nftId);
        // A cancelled auction reads as not found; the event is its record.
        delete _auctions[auctionId];
        emit AuctionCancelled(auctionId);
        IERC721(nft).transferFrom(address(this), seller, nftId);
    }

    // ---------------------------------------------------------------- bidders

    /// @notice Bids `amount` wei on a started, unexpired auction, sending the amount and its buyer's premium as
    ///         the value (`bidValue`). The first bid must reach the reserve; later bids must beat the highest by
    ///         `minBidIncrement`. The bid it beats, premium included, is credited to that bidder's
    ///         `pendingReturns`. A bid with less than the time buffer left extends the end.
    /// @param auctionId The auction.
    /// @param amount The bid in wei, without the premium; `msg.value` must be exactly `bidValue(auctionId,
    ///        amount)`, so a wallet cannot send other than what was shown.
    function bid(uint256 auctionId, uint256 amount) external payable nonReentrant {
        if (amount > type(uint96).max) revert AmountTooLarge(amount);
        StoredAuction storage a = _existing(auctionId);
        uint256 premiumRate = a.premiumBps;
        uint256 expected = amount + _premium(amount, premiumRate);
        if (msg.value != expected) revert BidValueMismatch(expected, msg.value);
        if (!a.started) revert AuctionNotStarted(auctionId);
        uint256 endTime = a.endTime;
        // `end` needs block.timestamp >= endTime, so this also rejects settled auctions.
        if (block.timestamp >= endTime) revert AuctionExpired(auctionId);
        if (msg.sender == a.seller) revert SellerCannotBid();

        address previousBidder = a.highestBidder;
        uint256 previousBid = a.highestBid;
        if (previousBidder == address(0)) {
            uint256 reservePrice = a.reservePrice;
            if (amount < reservePrice) revert BidBelowReserve(reservePrice);
            // A zero first bid would make a winner who paid nothing.
            if (amount == 0) revert BidBelowMinimum(1);
        } else {
            // Every later bid exceeds the first, which met the reserve, so the reserve needs no re-check.
            uint256 minimumBid = previousBid + minBidIncrement;
            if (amount < minimumBid) revert BidBelowMinimum(minimumBid);
            _credit(previousBidder, auctionId, previousBid + _premium(previousBid, premiumRate));
        }

        a.highestBid = uint96(amount);
        a.highestBidder = msg.sender;
        bool extended = endTime - block.timestamp < a.timeBufferSeconds;
        if (extended) {
            endTime = block.timestamp + a.timeBufferSeconds;
            a.endTime = uint40(endTime);
            emit AuctionExtended(auctionId, endTime);
        }
        emit AuctionBid(auctionId, msg.sender, amount, extended);
    }

    /// @notice Sends the caller everything credited to them in `pendingReturns`.
    function withdraw() external {
        withdrawTo(payable(msg.sender));
    }

    /// @notice Sends the caller's `pendingReturns` to `to`: the way out for a contract that cannot receive ETH.
    /// @param to Recipient of the funds.
    function withdrawTo(address payable to) public nonReentrant {
        uint256 amount = pendingReturns[msg.sender];
        if (amount == 0) revert NothingToWithdraw();
        pendingReturns[msg.sender] = 0;
        emit Withdrawn(msg.sender, to, amount);
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert WithdrawFailed();
    }

    // ---------------------------------------------------------------- settlement

    /// @notice Settles a started auction whose end time has passed; anyone may call it, once. With a winner:
    ///         NFT to the winner, the fee and the premium to the treasury, the rest to the seller. Without bids: NFT back to the
    ///         seller. If the NFT contract refuses the transfer, the NFT (and a winner's bid) wait here for
    ///         `claimNft` or `expireNftClaim`.
    /// @param auctionId The auction to settle.
    function end(uint256 auctionId) external nonReentrant {
        StoredAuction storage a = _existing(auctionId);
        if (!a.started) revert AuctionNotStarted(auctionId);
        if (a.ended) revert AuctionAlreadySettled(auctionId);
        if (block.timestamp < a.endTime) revert AuctionNotOver(auctionId, a.endTime);
        a.ended = true;

        (address seller, address winner, uint256 amount) = (a.seller, a.highestBidder, a.highestBid);
        (address nft, uint256 nftId) = (a.nft, a.nftId);
        if (winner == address(0)) {
            emit AuctionSettled(auctionId, address(0), 0, 0, 0);
            if (!_sendNft(auctionId, nft, nftId, seller)) a.nftClaim = NftClaim.Seller;
        } else if (!_sendNft(auctionId, nft, nftId, winner)) {
            // The sale stands but is not paid out: the bid waits here with the NFT, so the seller is paid only
            // once the winner has the NFT, and the winner gets the bid back if the claim expires.
            a.nftClaim = NftClaim.Winner;
        } else {
            _paySale(auctionId, a, winner, amount);
        }
    }

    /// @notice Sends `to` the auction's NFT that could not be delivered at settlement; only the auction's
    ///         `nftClaimant` may call it. The winner may claim until someone calls `expireNftClaim`, and their
    ///         claim completes the sale: the fee (at the rate then in force) and the premium to the treasury, the rest to the
    ///         seller, as at `end`. Reverts, changing nothing, while the NFT contract still refuses the transfer.
    /// @param auctionId The auction whose NFT is claimed.
    /// @param to Recipient of the NFT: the way out for a winner the collection will not send to.
    function claimNft(uint256 auctionId, address to) external nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        StoredAuction storage a = _existing(auctionId);
        NftClaim claim = a.nftClaim;
        address claimant = _claimant(a, claim);
        if (claimant == address(0)) revert NoNftClaim(auctionId);
        if (msg.sender != claimant) revert NotNftClaimant(msg.sender, claimant);
        a.nftClaim = NftClaim.None;
        emit NftClaimed(auctionId, claimant, to);
        IERC721(a.nft).transferFrom(address(this), to, a.nftId);
        if (claim == NftClaim.Winner) _paySale(auctionId, a, claimant, a.highestBid);
    }

    /// @notice Ends a winner's claim that is still unclaimed `NFT_CLAIM_PERIOD` after the auction's end; anyone
    ///         may call it. The winner's bid and premium are credited back to them and the NFT goes to the seller (or, if the
    ///         collection still refuses, waits for the seller's `claimNft`). This is how a seller takes back an
    ///         NFT the winner cannot or will not receive, and how a winner recovers a bid for an NFT that cannot
    ///         move at all.
    /// @param auctionId The auction whose winner's claim expires.
    function expireNftClaim(uint256 auctionId) external nonReentrant {
        StoredAuction storage a = _existing(auctionId);
        if (a.nftClaim != NftClaim.Winner) revert NoNftClaim(auctionId);
        uint256 expiresAt = uint256(a.endTime) + NFT_CLAIM_PERIOD;
        if (block.timestamp < expiresAt) revert NftClaimNotExpired(auctionId, expiresAt);
        address winner = a.highestBidder;
        a.nftClaim = NftClaim.None;
        emit NftClaimExpired(auctionId, winner);
        uint256 amount = a.highestBid;
        _credit(winner, auctionId, amount + _premium(amount, a.premiumBps));
        emit AuctionSettled(auctionId, address(0), 0, 0, 0);
        if (!_sendNft(auctionId, a.nft, a.nftId, a.seller)) a.nftClaim = NftClaim.Seller;
    }

    // ---------------------------------------------------------------- reads

    /// @notice One auction in the spec's shape. A never-created or cancelled auction has a zero seller.
    /// @param auctionId The auction.
    /// @return auction Its fields.
    function getAuction(uint256 auctionId) external view returns (Auction memory auction) {
        StoredAuction storage a = _auctions[auctionId];
        auction = Auction({
            seller: a.seller,
            nft: a.nft,
            nftId: a.nftId,
            reservePrice: a.reservePrice,
            highestBid: a.highestBid,
            highestBidder: a.highestBidder,
            startTime: a.startTime,
            endTime: a.endTime,
            timeBufferSeconds: a.timeBufferSeconds,
            started: a.started,
            ended: a.ended,
            premiumBps: a.premiumBps
        });
    }

    /// @notice Who may pull this auction's NFT with `claimNft`: the winner or the seller while the NFT waits
    ///         here after a refused transfer, else zero.
    /// @param auctionId The auction.
    /// @return The claimant, or the zero address.
    function nftClaimant(uint256 auctionId) external view returns (address) {
        StoredAuction storage a = _auctions[auctionId];
        return _claimant(a, a.nftClaim);
    }

    /// @notice The smallest bid `bid` would accept now (ignoring whether the auction is open).
    /// @param auctionId The auction.
    /// @return The minimum bid in wei.
    function minNextBid(uint256 auctionId) external view returns (uint256) {
        StoredAuction storage a = _auctions[auctionId];
        if (a.highestBidder != address(0)) return a.highestBid + minBidIncrement;
        return a.reservePrice == 0 ? 1 : a.reservePrice;
    }

    /// @notice The value `bid` must carry for `amount` on this auction: the amount and its buyer's premium.
    /// @param auctionId The auction.
    /// @param amount The bid in wei.
    /// @return The value to send, in wei.
    function bidValue(uint256 auctionId, uint256 amount) external view returns (uint256) {
        return amount + _premium(amount, _auctions[auctionId].premiumBps);
    }

    // ---------------------------------------------------------------- owner

    /// @notice Sets the platform fee in basis points (at most `MAX_FEE_BPS`). Owner only.
    /// @param newFeeBps The new fee.
    function setFeeBps(uint16 newFeeBps) external onlyOwner {
        _setFeeBps(newFeeBps);
    }

    /// @notice Sets the buyer's premium, in basis points (at most `MAX_PREMIUM_BPS`), of auctions created from
    ///         now on; live auctions keep theirs. Owner only.
    /// @param newPremiumBps The new premium.
    function setPremiumBps(uint16 newPremiumBps) external onlyOwner {
        if (newPremiumBps > MAX_PREMIUM_BPS) revert PremiumTooHigh(newPremiumBps);
        premiumBps = newPremiumBps;
        emit PremiumUpdated(newPremiumBps);
    }

    /// @notice Sets the address that receives platform fees. Owner only.
    /// @param newTreasury The new treasury.
    function setTreasury(address newTreasury) external onlyOwner {
        _setTreasury(newTreasury);
    }

    /// @notice Sets the minimum raise over the highest bid, in wei. Owner only.
    /// @param newMinBidIncrement The new increment.
    function setMinBidIncrement(uint64 newMinBidIncrement) external onlyOwner {
        _setMinBidIncrement(newMinBidIncrement);
    }

    // ---------------------------------------------------------------- internals

    function _existing(uint256 auctionId) private view returns (StoredAuction storage a) {
        a = _auctions[auctionId];
        if (a.seller == address(0)) revert AuctionNotFound(auctionId);
    }

    function _onlySellerOrOwner(StoredAuction storage a) private view {
        if (msg.sender != a.seller && msg.sender != owner()) revert NotSellerOrOwner(msg.sender);
    }

    function _claimant(StoredAuction storage a, NftClaim claim) private view returns (address) {
        if (claim == NftClaim.Winner) return a.highestBidder;
        if (claim == NftClaim.Seller) return a.seller;
        return address(0);
    }

    // The sale completed: the fee (the seller's cost) and the premium (the buyer's) to the treasury, the rest of
    // the amount to the seller.
    function _paySale(uint256 auctionId, StoredAuction storage a, address winner, uint256 amount) private {
        uint256 fee = (amount * feeBps) / 10_000;
        uint256 premium = _premium(amount, a.premiumBps);
        emit AuctionSettled(auctionId, winner, amount, fee, premium);
        _pay(treasury, auctionId, fee + premium);
        _pay(a.seller, auctionId, amount - fee);
    }

    // The buyer's premium on `amount`, rounded half up to the wei: the house's one rounding rule for every unit,
    // so the api and the dapp compute the same figure off chain.
    function _premium(uint256 amount, uint256 rateBps) private pure returns (uint256) {
        return (amount * rateBps + 5_000) / 10_000;
    }

    // try/catch rather than a plain call: a paused or malicious NFT contract must not keep `end` from running,
    // or the winning bid would be locked in here for good. On false the caller records who may claim the NFT.
    function _sendNft(uint256 auctionId, address nft, uint256 nftId, address to) private returns (bool sent) {
        try IERC721(nft).transferFrom(address(this), to, nftId) {
            return true;
        } catch {
            emit NftTransferFailed(auctionId, to);
            return false;
        }
    }

    function _pay(address to, uint256 auctionId, uint256 amount) private {
        if (amount == 0) return;
        (bool ok, ) = payable(to).call{value: amount, gas: PAYOUT_GAS_LIMIT}("");
        if (!ok) _credit(to, auctionId, amount);
    }

    function _credit(address account, uint256 auctionId, uint256 amount) private {
        pendingReturns[account] += amount;
        emit RefundCredited(account, auctionId, amount);
    }

    function _setFeeBps(uint16 newFeeBps) private {
        if (newFeeBps > MAX_FEE_BPS) revert FeeTooHigh(newFeeBps);
        feeBps = newFeeBps;
        emit FeeUpdated(newFeeBps);
    }

    function _setTreasury(address newTreasury) private {
        // This contract as treasury would credit fees to itself, where nobody could withdraw them.
        if (newTreasury == address(0) || newTreasury == address(this)) revert InvalidTreasury(newTreasury);
        treasury = newTreasury;
        emit TreasuryUpdated(newTreasury);
    }

    function _setMinBidIncrement(uint64 newMinBidIncrement) private {
        // Zero would let a bid equal to the highest take the lead.
        if (newMinBidIncrement == 0) revert ZeroMinBidIncrement();
        minBidIncrement = newMinBidIncrement;
        emit MinBidIncrementUpdated(newMinBidIncrement);
    }
}
