import Foundation
import ShopModels
import Testing

/// Uses models generated from a `.ckdb` schema with `access: public` from the target's `ckschema.yaml`:
/// a plain `import` sees them.
@Suite struct ShopModelsTests {
    @Test func publicModelsFromTheCKDBSchema() throws {
        let product = Product(name: "Kettle", price: 39.5, stock: 3, tags: ["kitchen"])
        let purchase = Purchase(note: "gift", product: ShopSchema.RecordID(product.recordID), quantity: 1)
        #expect(Product.recordType == "Product")
        #expect(Purchase.FieldKey.allCases.map(\.rawValue) == ["note", "product", "quantity"])
        #expect(purchase.product?.recordName == product.recordID.recordName)
        let decoded = try JSONDecoder().decode(Product.self, from: JSONEncoder().encode(product))
        #expect(decoded == product)
        #expect(Shop.total(of: product, quantity: 2) == 79)
    }
}
