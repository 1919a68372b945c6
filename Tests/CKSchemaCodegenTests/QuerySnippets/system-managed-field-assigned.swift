// expect-error: cannot assign to property: 'roles' is a 'let' constant
import CloudJournalModels

// Role membership is CloudKit's (assigned in the Console): models read it and never write it.
func promote(_ user: inout Users) {
    user.roles = [1]
}
