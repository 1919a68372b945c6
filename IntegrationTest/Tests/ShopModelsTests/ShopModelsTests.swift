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

    @Test func publicTypedQueriesFromTheCKDBIndexes() {
        let query = Product.query { $0.price < 50 && $0.tags.contains("kitchen") }.sorted { $0.name.ascending }
        #expect(query.predicate.format == "%K < %@ AND %K CONTAINS %@")
        #expect(query.sortDescriptors.map(\.key) == ["name"])
        #expect(Product.allRecords().predicate.format == "TRUEPREDICATE")
        #expect(Product.query { $0.text(containsAnyOf: "kettle") }.predicate.format == "self CONTAINS %@")
    }
}
