extension HiveActionCatalogue {
    /// Hive SDK v4's nine built-in button sets and their twelve actions, available without any file.
    ///
    /// The ids are Hive's (advanced notification guide, "push action buttons"). Hive does not publish
    /// the built-in titles or options: the `en` titles here are the guide's button labels, in English,
    /// and no option flag is set.
    public static let builtIn = HiveActionCatalogue(
        actions: [
            Action(id: "CONFIRM_ID", titles: ["en": "Confirm"]),
            Action(id: "CLOSE_ID", titles: ["en": "Close"]),
            Action(id: "EXECUTE_ID", titles: ["en": "Execute"]),
            Action(id: "CANCEL_ID", titles: ["en": "Cancel"]),
            Action(id: "ACCEPT_ALL_ID", titles: ["en": "Accept all"]),
            Action(id: "ACCEPT_NOW_ID", titles: ["en": "Claim now"]),
            Action(id: "PURCHASE_ID", titles: ["en": "Purchase"]),
            Action(id: "DECLINE_ID", titles: ["en": "Decline"]),
            Action(id: "SALE_ID", titles: ["en": "Sell"]),
            Action(id: "ACCEPT_ID", titles: ["en": "Accept"]),
            Action(id: "REJECT_ID", titles: ["en": "Reject"]),
            Action(id: "HOLDING_ID", titles: ["en": "Hold"]),
        ],
        categories: [
            Category(id: "INFO_CATEGORY", actionIDs: ["CONFIRM_ID"]),
            Category(id: "CLOSE_CATEGORY", actionIDs: ["CLOSE_ID"]),
            Category(id: "CONFIRM_CATEGORY", actionIDs: ["CONFIRM_ID", "CLOSE_ID"]),
            Category(id: "EXECUTE_CATEGORY", actionIDs: ["EXECUTE_ID", "CANCEL_ID"]),
            Category(id: "ACCEPT_ALL_CATEGORY", actionIDs: ["ACCEPT_ALL_ID", "CLOSE_ID"]),
            Category(id: "ACCEPT_NOW_CATEGORY", actionIDs: ["ACCEPT_NOW_ID", "CLOSE_ID"]),
            Category(id: "PURCHASE_CATEGORY", actionIDs: ["PURCHASE_ID", "DECLINE_ID"]),
            Category(id: "SALE_CATEGORY", actionIDs: ["SALE_ID", "DECLINE_ID"]),
            Category(id: "ACCEPT_DECISION_CATEGORY", actionIDs: ["ACCEPT_ID", "REJECT_ID", "HOLDING_ID"]),
        ])

    /// The ids of the built-in categories.
    package static let builtInCategoryIDs: Set<String> = Set(builtIn.categories.map(\.id))
}
