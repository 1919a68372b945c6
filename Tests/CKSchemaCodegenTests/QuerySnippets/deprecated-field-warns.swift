// expect-warning: 'retired' is deprecated: use "string"
import EdgeCaseModels

// A deprecated field still reads, with a warning that carries the schema's reason.
func old(_ model: Everything) -> String? {
    model.retired
}
