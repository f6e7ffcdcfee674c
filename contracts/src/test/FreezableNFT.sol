// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";

/// @notice Test-only ERC-721 standing for a paused or fussy NFT contract: its transfers can be frozen, and a
///         plain `transferFrom` to a contract runs the receiver check as `safeTransferFrom` does, so a winner
///         contract without `onERC721Received` refuses the token. A contract taking a token for itself (the
///         auction house escrowing at `create`) is not checked: by calling, it has agreed to hold it.
contract FreezableNFT is ERC721 {
    bool public frozen;

    error Frozen();

    constructor() ERC721("Freezable", "FRZ") {}

    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }

    function setFrozen(bool value) external {
        frozen = value;
    }

    function transferFrom(address from, address to, uint256 tokenId) public override {
        super.transferFrom(from, to, tokenId);
        if (to != msg.sender) ERC721Utils.checkOnERC721Received(msg.sender, from, to, tokenId, "");
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (frozen) revert Frozen();
        return super._update(to, tokenId, auth);
    }
}
