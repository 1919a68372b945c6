// A to-do list kept in CloudKit: keys as a String enum, a subscript helper, an operation-based query.
import CloudKit

enum TodoKey: String {
    case title
    case isDone = "done"
    case dueDate
    case list
}

extension CKRecord {
    subscript(todo key: TodoKey) -> Any? {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue as? CKRecordValue }
    }
    subscript(key: TodoKey) -> CKRecordValue? {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
}

struct Todo {
    static let recordType = "Todo"
    var title: String
    var isDone: Bool
    var dueDate: Date?

    init?(record: CKRecord) {
        guard record.recordType == Todo.recordType, let title = record[.title] as? String else { return nil }
        self.title = title
        isDone = (record[.isDone] as? Int64 ?? 0) == 1
        dueDate = record[.dueDate] as? Date
    }

    func makeRecord(in list: CKRecord.Reference) -> CKRecord {
        let record = CKRecord(recordType: Todo.recordType)
        record[.title] = title as CKRecordValue
        record[.isDone] = (isDone ? 1 : 0) as CKRecordValue
        record[.list] = list
        return record
    }
}

final class TodoStore {
    let database = CKContainer.default().privateCloudDatabase

    func openTodos(in list: CKRecord.Reference, completion: @escaping ([Todo]) -> Void) {
        let notDone = NSPredicate(format: "%K == 0", TodoKey.isDone.rawValue)
        let inList = NSPredicate(format: "%K == %@", TodoKey.list.rawValue, list)
        let query = CKQuery(recordType: Todo.recordType,
                            predicate: NSCompoundPredicate(andPredicateWithSubpredicates: [notDone, inList]))
        query.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        let operation = CKQueryOperation(query: query)
        operation.desiredKeys = [TodoKey.title.rawValue, TodoKey.isDone.rawValue]
        var todos: [Todo] = []
        operation.recordMatchedBlock = { _, result in
            if case .success(let record) = result, let todo = Todo(record: record) {
                todos.append(todo)
                print("fetched", record[.title] ?? "")
            }
        }
        operation.queryResultBlock = { _ in completion(todos) }
        database.add(operation)
    }

    func dueSoon() async throws -> [CKRecord] {
        let limit = Date().addingTimeInterval(86_400)
        let query = CKQuery(recordType: "Todo", predicate: NSPredicate(format: "dueDate <= %@", limit as NSDate))
        let (matches, _) = try await database.records(matching: query)
        return matches.compactMap { try? $0.1.get() }
    }
}
