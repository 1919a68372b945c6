// Word-sized slots that ckschema's signal handler reads: what an interrupted deploy must undo (the backend's
// process group, the addresses of C strings naming files to remove). C11 atomics, lock-free on every platform
// ckschema builds for, so reading them is async-signal-safe.
//
// Why C and not Swift's Synchronization.Atomic: the first module importing Synchronization makes every fresh
// debug build rebuild it from its interface for the index store (about 3 s of CPU; docs/build-time.md). A
// C target costs a fraction of a second.
#ifndef CKSCHEMA_SIGNAL_SLOTS_H
#define CKSCHEMA_SIGNAL_SLOTS_H

#include <stdint.h>

/// The slots: one word each.
typedef enum {
    CKSignalSlotBackendGroup = 0,
    CKSignalSlotHeldLock = 1,
    CKSignalSlotStagedFile = 2,
    CKSignalSlotBackendFile = 3,
    CKSignalSlotBackendFolder = 4,
    CKSignalSlotCount = 5
} CKSignalSlot;

/// Stores `value` in `slot` (sequentially consistent).
void ckschema_signal_slot_store(CKSignalSlot slot, intptr_t value);

/// The value in `slot` (sequentially consistent); async-signal-safe.
intptr_t ckschema_signal_slot_load(CKSignalSlot slot);

#endif
