/// Hand-written code beside the generated models (SwiftPM needs one source file of the target's own).
public enum Shop {
    /// The total price of `quantity` units of `product`, when it has a price.
    public static func total(of product: Product, quantity: Int64) -> Double? {
        product.price.map { $0 * Double(quantity) }
    }
}
