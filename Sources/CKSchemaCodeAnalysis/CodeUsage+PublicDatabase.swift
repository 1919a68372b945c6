import CKSchemaCore
import CKSchemaRules

extension [CodeUsage] {
    /// Marks the uses of one file (those from `first` on) that lie in its public-database functions as going to the public database,
    /// and adds, per such function that queries a type, creates none of its records (but as the fallback of an
    /// upsert, `fetched ?? CKRecord(…)`) and saves, modifies or deletes records, a `modifyFetched` use of the type
    /// at the first such call.
    mutating func markPublicDatabase(_ scopes: [PublicDatabaseScope], from first: Int) {
        guard !scopes.isEmpty else { return }
        for index in first..<count {
            if scopes.contains(where: { $0.contains(self[index].location) }) { self[index].database = .public }
        }
        var added: [CodeUsage] = []
        for scope in scopes {
            guard let modification = scope.modifications.first else { continue }
            let inside = self[first...].filter { scope.contains($0.location) }
            let created = Set(inside.filter { usage in
                usage.kind == .createRecord && !scope.fallbackCreations.contains { $0.contains(usage.location) }
            }.compactMap(\.recordType))
            var seen = Set<String>()
            for query in inside where query.kind == .query {
                guard let type = query.recordType, !created.contains(type), seen.insert(type).inserted else { continue }
                added.append(CodeUsage(.modifyFetched, recordType: type, at: modification, database: .public))
            }
        }
        append(contentsOf: added)
    }
}
