extension PushNotification {
    /// True when any top-level field of `fields` holds a value (a wire table's declared losses ask this of the
    /// fields its format has no place for).
    package func holdsAny(of fields: CarriedFields) -> Bool { presentFields & fields.fields != 0 }
}
