// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

/// @title GavelNFT
/// @notice Gavel's ERC-721 collection. Wallet buyers mint through `publicMint` (paying `publicMintPrice`);
///         card buyers are minted to by the platform's relayer (`minter`) through `cardMint`, because they have
///         paid off-chain. Every token points at its own metadata URL.
contract GavelNFT is ERC721URIStorage, Ownable2Step {
    /// @notice Price of one `publicMint`, in wei.
    uint256 public publicMintPrice;
    /// @notice Whether `publicMint` is open.
    bool public publicMintActive;
    /// @notice The platform relayer allowed to `cardMint`.
    address public minter;
    /// @notice Id the next mint receives. Ids start at 1 so that 0 never names a token in the api or dapp.
    uint256 public nextTokenId = 1;

    /// @notice A token was minted; `byCard` tells a relayer mint from a wallet mint.
    event Minted(uint256 indexed tokenId, address indexed to, string metadataUrl, bool byCard);
    event PublicMintPriceUpdated(uint256 price);
    event PublicMintActiveUpdated(bool active);
    event MinterUpdated(address indexed minter);
    event MintProceedsWithdrawn(address indexed to, uint256 amount);

    error PublicMintInactive();
    error MintPriceMismatch(uint256 expected, uint256 sent);
    error NotMinter(address caller);
    error EmptyMetadataUrl();
    error ZeroAddress();
    error MintProceedsTransferFailed();

    /// @param initialOwner Owner of the collection settings.
    /// @param initialMinter Relayer allowed to `cardMint`.
    /// @param initialPublicMintPrice Price of a `publicMint` in wei.
    /// @param initialPublicMintActive Whether `publicMint` starts open.
    constructor(
        address initialOwner,
        address initialMinter,
        uint256 initialPublicMintPrice,
        bool initialPublicMintActive
    ) ERC721("Gavel", "GAVEL") Ownable(initialOwner) {
        if (initialMinter == address(0)) revert ZeroAddress();
        minter = initialMinter;
        publicMintPrice = initialPublicMintPrice;
        publicMintActive = initialPublicMintActive;
    }

    /// @notice Mints one token to the caller, paying exactly `publicMintPrice`.
    /// @param metadataUrl The token's metadata URL (what `tokenURI` returns).
    /// @return tokenId The new token's id.
    function publicMint(string calldata metadataUrl) external payable returns (uint256 tokenId) {
        if (!publicMintActive) revert PublicMintInactive();
        // Exact price: an overpayment would otherwise sit in the contract as an unnoticed tip.
        if (msg.value != publicMintPrice) revert MintPriceMismatch(publicMintPrice, msg.value);
        return _mintWithUrl(msg.sender, metadataUrl, false);
    }

    /// @notice Mints one token to `to` for a buyer who paid by card; only the `minter` relayer may call it.
    /// @param to The card buyer's receiving address.
    /// @param metadataUrl The token's metadata URL.
    /// @return tokenId The new token's id.
    function cardMint(address to, string calldata metadataUrl) external returns (uint256 tokenId) {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        return _mintWithUrl(to, metadataUrl, true);
    }

    /// @notice Sets the `publicMint` price in wei. Owner only.
    /// @param price The new price.
    function setPublicMintPrice(uint256 price) external onlyOwner {
        publicMintPrice = price;
        emit PublicMintPriceUpdated(price);
    }

    /// @notice Opens or closes `publicMint`. Owner only.
    /// @param active Whether public minting is open.
    function setPublicMintActive(bool active) external onlyOwner {
        publicMintActive = active;
        emit PublicMintActiveUpdated(active);
    }

    /// @notice Replaces the relayer allowed to `cardMint`. Owner only.
    /// @param newMinter The new relayer address.
    function setMinter(address newMinter) external onlyOwner {
        if (newMinter == address(0)) revert ZeroAddress();
        minter = newMinter;
        emit MinterUpdated(newMinter);
    }

    /// @notice Sends the collected `publicMint` payments to `to`. Owner only.
    /// @param to Where the proceeds go.
    function withdrawMintProceeds(address payable to) external onlyOwner {
        if (to == address(0)) revert ZeroAddress();
        uint256 amount = address(this).balance;
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert MintProceedsTransferFailed();
        emit MintProceedsWithdrawn(to, amount);
    }

    function _mintWithUrl(address to, string calldata metadataUrl, bool byCard) private returns (uint256 tokenId) {
        if (bytes(metadataUrl).length == 0) revert EmptyMetadataUrl();
        tokenId = nextTokenId++;
        // _mint, not _safeMint: a card buyer's address may be a contract wallet that never implemented the hook,
        // and the relayer must not be able to fail a paid order on that.
        _mint(to, tokenId);
        _setTokenURI(tokenId, metadataUrl);
        emit Minted(tokenId, to, metadataUrl, byCard);
    }
}
