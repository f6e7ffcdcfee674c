// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title IGavelAuctionHouse
/// @notice What GavelAuctionHouse shows the outside besides its functions: the auction's shape, the events an
///         indexer follows and the errors a wallet decodes.
interface IGavelAuctionHouse {
    /// @notice One auction with the fields the spec gives an on-chain auction.
    struct Auction {
        address seller;
        address nft;
        uint256 nftId;
        uint256 reservePrice;
        uint256 highestBid;
        address highestBidder;
        uint256 startTime;
        uint256 endTime;
        uint256 timeBufferSeconds;
        bool started;
        bool ended;
        /// @dev The buyer's premium every bid on this auction carries, in basis points of the bid: the house's rate
        ///      when the auction was created, fixed for its life.
        uint256 premiumBps;
    }

    /// @notice Who may pull an auction's NFT that could not be pushed at settlement. `Winner`: the sale stands
    ///         and the winning bid waits here with the NFT; `Seller`: nothing sold (no bids, or the winner's claim
    ///         expired) and the NFT waits for the seller.
    enum NftClaim {
        None,
        Winner,
        Seller
    }

    event AuctionCreated(
        uint256 indexed auctionId,
        address indexed seller,
        address indexed nft,
        uint256 nftId,
        uint256 reservePrice,
        uint256 durationSeconds,
        uint256 timeBufferSeconds,
        uint256 premiumBps
    );
    event AuctionStarted(uint256 indexed auctionId, uint256 startTime, uint256 endTime);
    /// @param extended Whether this bid pushed the end time out (an `AuctionExtended` event accompanies it).
    event AuctionBid(uint256 indexed auctionId, address indexed bidder, uint256 amount, bool extended);
    event AuctionExtended(uint256 indexed auctionId, uint256 endTime);
    /// @notice Emitted once per auction, when its money is settled: at `end`, or, when the NFT could not be
    ///         delivered to the winner there, at `claimNft` (sold) or `expireNftClaim` (not sold). `winner` is
    ///         zero when nothing sold; then `amount`, `fee` and `premium` are zero. `fee` is the seller's cost, kept
    ///         from `amount`; `premium` is the buyer's, paid on top of `amount`; both went to the treasury.
    event AuctionSettled(uint256 indexed auctionId, address indexed winner, uint256 amount, uint256 fee, uint256 premium);
    event AuctionCancelled(uint256 indexed auctionId);
    /// @notice `account` can now `withdraw` `amount` more, owed from `auctionId`.
    event RefundCredited(address indexed account, uint256 indexed auctionId, uint256 amount);
    event Withdrawn(address indexed account, address indexed to, uint256 amount);
    /// @notice The escrowed NFT could not be moved to `to` (a paused or broken NFT contract, or one that refuses
    ///         `to`); it stays here until `to` pulls it with `claimNft`.
    event NftTransferFailed(uint256 indexed auctionId, address indexed to);
    /// @notice `claimant` pulled the NFT held for them and it went to `to`.
    event NftClaimed(uint256 indexed auctionId, address indexed claimant, address to);
    /// @notice The winner's claim lapsed unclaimed: their bid is credited back and the NFT is the seller's again.
    event NftClaimExpired(uint256 indexed auctionId, address indexed winner);
    event FeeUpdated(uint256 feeBps);
    event PremiumUpdated(uint256 premiumBps);
    event TreasuryUpdated(address indexed treasury);
    event MinBidIncrementUpdated(uint256 minBidIncrement);

    error AuctionNotFound(uint256 auctionId);
    error AuctionAlreadyStarted(uint256 auctionId);
    error AuctionNotStarted(uint256 auctionId);
    error AuctionExpired(uint256 auctionId);
    error AuctionNotOver(uint256 auctionId, uint256 endTime);
    error AuctionAlreadySettled(uint256 auctionId);
    error AuctionHasBids(uint256 auctionId);
    error NotSellerOrOwner(address caller);
    error SellerCannotBid();
    /// @param expected The value the bid must carry: the amount and its buyer's premium.
    error BidValueMismatch(uint256 expected, uint256 value);
    error BidBelowReserve(uint256 reservePrice);
    error BidBelowMinimum(uint256 minimumBid);
    error AmountTooLarge(uint256 amount);
    error InvalidDuration(uint256 durationMinutes);
    error InvalidTimeBuffer(uint256 timeBufferSeconds);
    error FeeTooHigh(uint256 feeBps);
    error PremiumTooHigh(uint256 premiumBps);
    error ZeroAddress();
    error InvalidTreasury(address treasury);
    error ZeroMinBidIncrement();
    error NothingToWithdraw();
    error WithdrawFailed();
    error NoNftClaim(uint256 auctionId);
    error NotNftClaimant(address caller, address claimant);
    error NftClaimNotExpired(uint256 auctionId, uint256 expiresAt);
}
