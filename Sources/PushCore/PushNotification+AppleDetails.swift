extension PushNotification {
    /// The fields of a notification that Apple alone uses and most notifications leave unset (their meanings are
    /// those of the properties of the same names on ``PushNotification``, which read and write them).
    @usableFromInline struct AppleDetails: Sendable, Hashable {
        @usableFromInline var subtitleLocKey: String?
        @usableFromInline var launchImage: String?
        @usableFromInline var targetContentID: String?
        @usableFromInline var filterCriteria: String?
        @usableFromInline var liveActivity: LiveActivity?
        @usableFromInline var delivery: Delivery?

        @usableFromInline init() {}

        /// True when every field is nil.
        @usableFromInline var isEmpty: Bool {
            Self.isNone(subtitleLocKey) && Self.isNone(launchImage) && Self.isNone(targetContentID)
                && Self.isNone(filterCriteria) && Self.isNone(liveActivity) && Self.isNone(delivery)
        }

        /// True when `value` is nil, told by its case alone (`Value` is unconstrained, so no `==` of whole values).
        @inlinable static func isNone<Value>(_ value: Value?) -> Bool { value == nil }
    }

    /// ``AppleDetails`` behind a reference, copied only when a notification sharing it changes it (copy on
    /// write), and none at all while every field is nil. Equal and hashed by the fields, so a notification that
    /// never held them equals one whose last was set back to nil.
    @usableFromInline struct AppleDetailsBox: Sendable, Hashable {
        /// The fields; nil when every one is nil.
        @usableFromInline var storage: Storage?

        @usableFromInline init() {}

        /// Where the fields are held.
        @usableFromInline final class Storage: @unchecked Sendable {
            // Mutated only through a uniquely referenced storage (``AppleDetailsBox/modify(clearing:_:)``), so a shared
            // one is never written: safe to send.
            @exclusivity(unchecked) @usableFromInline var value: AppleDetails

            @usableFromInline init(_ value: consuming AppleDetails) { self.value = value }
        }

        /// Changes the fields: in place when only this notification holds them, else in a copy. `clearing`: the
        /// change sets a field to nil, after which the storage is let go if every field is nil; none is made to
        /// hold only nils.
        @inlinable mutating func modify(clearing: Bool, _ body: (inout AppleDetails) -> Void) {
            if isKnownUniquelyReferenced(&storage), let storage {
                body(&storage.value)
                if clearing, storage.value.isEmpty { self.storage = nil }
                return
            }
            guard let shared = storage else {
                // None yet: setting a field to nil changes nothing.
                guard !clearing else { return }
                let made = Storage(AppleDetails())
                body(&made.value)
                storage = made
                return
            }
            let copy = Storage(shared.value)
            body(&copy.value)
            storage = clearing && copy.value.isEmpty ? nil : copy
        }

        @usableFromInline static func == (lhs: AppleDetailsBox, rhs: AppleDetailsBox) -> Bool {
            switch (lhs.storage, rhs.storage) {
            case (nil, nil): return true
            case (let left?, let right?): return left === right || left.value == right.value
            case (let held?, nil), (nil, let held?): return held.value.isEmpty
            }
        }

        @usableFromInline func hash(into hasher: inout Hasher) {
            (storage?.value ?? AppleDetails()).hash(into: &hasher)
        }
    }
}
