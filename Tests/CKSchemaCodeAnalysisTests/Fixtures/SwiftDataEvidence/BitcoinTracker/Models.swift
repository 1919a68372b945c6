// The shape of iosipratama/bitcoin-tracker-ios' models (public repository; its CloudKitSchema.ckdb is in the
// shared corpus), reduced to what the reader sees: private stored properties (mirrored like any other),
// computed enum accessors over them (not stored), a static constant, a to-many relationship with no inverse
// written on either side, non-optional properties assigned only in init.
import Foundation
import SwiftData

enum WalletSymbol: String, CaseIterable { case coin, vault }

@Model
final class Wallet {
    static let freeLimit = 1

    var name: String
    @Relationship(deleteRule: .cascade)
    var addresses: [BitcoinAddress]
    var createdAt: Date
    private var symbolName: String?
    private var accentName: String?
    var goalSatoshis: Int64?
    var widgetID: UUID?

    var symbol: WalletSymbol {
        get { symbolName.flatMap(WalletSymbol.init(rawValue:)) ?? .coin }
        set { symbolName = newValue.rawValue }
    }

    init(name: String) {
        self.name = name
        self.addresses = []
        self.createdAt = .now
    }
}

@Model
final class BitcoinAddress {
    var address: String = ""
    var balanceSatoshis: Int64 = 0
    var pendingSatoshis: Int64 = 0
    var lastUpdated: Date?
    var fetchError: String?
    var wallet: Wallet?

    init(address: String) {
        self.address = address
    }
}
