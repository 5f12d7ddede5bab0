/// The version of PushNormaliser this binary was built from.
///
/// One number in one place: `rpc-spec/VERSION`. `make version` writes it into the OpenRPC document's
/// `info.version`, this module (through `rpc-spec/embed.py`) and the Python, Node and Go clients; a test fails
/// while any copy differs.
public enum PackageVersion {
    /// The version, `MAJOR.MINOR.PATCH` (`pushnorm --version` prints it).
    public static let current: String = RPCSpecFiles.version
}
