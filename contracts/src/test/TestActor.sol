// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {GavelAuctionHouse} from "../GavelAuctionHouse.sol";

/// @notice Test-only contract that bids, sells, withdraws and claims through the auction house and misbehaves on
///         demand when it receives ETH. It has no `onERC721Received`, so it also stands for a winner that cannot
///         take a `safeTransferFrom`.
contract TestActor {
    enum Mode {
        Accept,
        Revert,
        BurnGas,
        Reenter
    }

    GavelAuctionHouse public immutable house;
    Mode public mode;

    constructor(GavelAuctionHouse house_) {
        house = house_;
    }

    function setMode(Mode newMode) external {
        mode = newMode;
    }

    function bid(uint256 auctionId, uint256 amount) external payable {
        house.bid{value: msg.value}(auctionId, amount);
    }

    function sell(
        IERC721 nft,
        uint256 nftId,
        uint256 reservePrice,
        uint256 durationMinutes,
        uint256 timeBufferSeconds
    ) external returns (uint256) {
        nft.approve(address(house), nftId);
        return house.create(address(nft), nftId, reservePrice, durationMinutes, timeBufferSeconds);
    }

    function start(uint256 auctionId) external {
        house.start(auctionId);
    }

    function withdraw() external {
        house.withdraw();
    }

    function withdrawTo(address payable to) external {
        house.withdrawTo(to);
    }

    function claimNft(uint256 auctionId, address to) external {
        house.claimNft(auctionId, to);
    }

    receive() external payable {
        if (mode == Mode.Revert) revert("TestActor: no ETH please");
        if (mode == Mode.BurnGas) {
            // Spin until the forwarded gas is gone.
            while (true) {}
        }
        if (mode == Mode.Reenter) house.withdraw();
    }
}
