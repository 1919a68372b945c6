import CKSchemaDeploy
import Foundation
import Testing

/// SHA-256 against FIPS 180-4's vectors and against digests computed independently (Python's hashlib) for
/// inputs at every padding boundary: 55 bytes is the most that fits one block with the length, 56 forces a
/// second block.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func fipsVectors(_ message: String, _ digest: String) {
        #expect(SHA256.hexDigest(of: message.utf8) == digest)
    }

    @Test(arguments: [
        (1, "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"),
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (57, "2fe741af801cc238602ac0ec6a7b0c3a8a87c7fc7d7f02a3fe03d1c12eac4d8f"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
        (127, "92ca0fa6651ee2f97b884b7246a562fa71250fedefe5ebf270d31c546bfea976"),
        (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
        (1000, "4e4c294b331f7a2099a379bec34b9f9fc03dc46ab465d998f4d683da53487e6d"),
    ])
    func paddingBoundaries(_ length: Int, _ digest: String) {
        let bytes = (0..<length).map { UInt8($0 % 251) }
        #expect(SHA256.hexDigest(of: bytes) == digest)
    }

    @Test func aMillionLettersA() {
        #expect(SHA256.hexDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesGivesTheSameDigest() {
        let bytes = (0..<300).map { UInt8($0 % 251) }
        var whole = SHA256()
        whole.update(bytes)
        for split in [0, 1, 63, 64, 65, 200, 300] {
            var pieces = SHA256()
            pieces.update(bytes[..<split])
            pieces.update(bytes[split...])
            #expect(pieces.finalize() == whole.finalize(), "split at \(split)")
        }
        // Finalizing does not consume the hasher.
        #expect(whole.finalize() == whole.finalize())
    }
}
