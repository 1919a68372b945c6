// Merging a server record into a local note: a switch over record types, encrypted values, and keys
// that are only known at run time.
import CloudKit

struct LocalNote {
    var text: String
    var pinned: Bool
}

func apply(_ record: CKRecord, to notes: inout [String: LocalNote]) {
    switch record.recordType {
    case "Note":
        let text = record.encryptedValues["text"] as? String ?? ""
        let pinned = record["pinned"] as? Int64 == 1
        notes[record.recordID.recordName] = LocalNote(text: text, pinned: pinned)
    case "Folder":
        _ = record["title"] as? String
    default:
        break
    }
}

func write(_ note: LocalNote, to record: CKRecord) {
    guard record.recordType == "Note" else { return }
    record.encryptedValues["text"] = note.text
    record["pinned"] = note.pinned ? 1 : 0
}

func mergeChangedKeys(from client: CKRecord, into server: CKRecord) {
    for key in client.changedKeys() {
        server[key] = client[key]
    }
}
