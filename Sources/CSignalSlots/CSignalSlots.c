#include "CSignalSlots.h"

#include <stdatomic.h>

_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "a signal handler may only read lock-free atomics");

static _Atomic intptr_t slots[CKSignalSlotCount];

void ckschema_signal_slot_store(CKSignalSlot slot, intptr_t value) {
    atomic_store(&slots[slot], value);
}

intptr_t ckschema_signal_slot_load(CKSignalSlot slot) {
    return atomic_load(&slots[slot]);
}
