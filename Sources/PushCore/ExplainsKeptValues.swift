/// A format that keeps vendor values in `extensions.<vendor>` (a send request's recipients, other channels, a relative
/// time) and can say why another format cannot carry them.
///
/// A conversion reports such a value lost with the target's reason when the target gives one
/// (``RenderContext/explainLoss(at:_:)``), else with this one, else with the generic "has no place for this field".
public protocol ExplainsKeptValues: PayloadAdapter {
    /// Why a format other than this one cannot carry the kept value at `path` (a canonical pointer under
    /// `extensions.<vendor>`, down to a leaf); nil when this format has nothing to say about it.
    func reasonOthersLose(_ path: JSONPointer) -> String?
}
