import PushCore
import AmazonAdapter
import APNsAdapter
import FCMAdapter
import HiveAdapter
import HuaweiAdapter
import ZegoAdapter

extension FormatRegistry {
    /// Every built-in format. Order is detection priority on ties: specific formats before the
    /// generic `apns`, which matches any payload with an `aps` object.
    public static let standard = FormatRegistry(
        adapters: [
            // MARK: Hive (Adapters/Hive)
            HiveAdapter(),
            HiveLocalPushAdapter(),
            // MARK: Amazon (Adapters/Amazon)
            SNSAdapter(),
            // pinpoint-message: PinpointMessageAdapter's iOS side plus the GCMMessage beside it.
            PinpointChannelsAdapter(),
            PinpointGCMAdapter(),
            PinpointAdapter(),
            PinpointAndroidAdapter(),
            AmazonAdapter(),
            ADMAdapter(),
            PinpointTemplateAdapter(),
            QConnectPushTemplateAdapter(),
            PinpointCampaignAdapter(),
            // MARK: ZEGO (Adapters/Zego)
            ZegoDeliveredAdapter(),
            ZegoPushConfigAdapter(),
            ZegoOfflinePushAdapter(),
            // MARK: Huawei (Adapters/Huawei) — before FCM: an HMS message looks like an FCM v1 one
            HMSAdapter(),
            // MARK: Google (Adapters/FCM)
            FCMAdapter(),
            FCMLegacyAdapter(),
            // MARK: APNs (Adapters/APNs) — last: the generic fallback
            APNsAdapter(),
        ], catalogues: [HiveActionsCatalogueFormat()])
}
