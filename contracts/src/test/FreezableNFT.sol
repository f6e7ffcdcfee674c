// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @notice Test-only ERC-721 whose transfers can be frozen, standing for a paused or malicious NFT contract.
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

    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (frozen) revert Frozen();
        return super._update(to, tokenId, auth);
    }
}
