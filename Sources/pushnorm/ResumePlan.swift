#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `--resume`: checks a run can be made resumable, and whether (and where) an earlier one can be continued.
///
/// The output goes to `OUT.pushnorm-partial` (and `ERRORS.pushnorm-partial`) with `OUT.pushnorm-checkpoint` beside
/// it; only the finished, synced output is renamed to `OUT`. A new run starts from a fresh checkpoint; a run with a
/// checkpoint of the same command line over the same, unchanged inputs continues from it; anything else is
/// refused with the reason and what to remove to start over.
struct ResumePlan {
    let checkpointPath: String
    /// The checkpoint to continue from.
    let saved: Checkpoint?
    /// The checkpoint a new run starts with.
    let fresh: Checkpoint
    let outputPath: String
    let errorsPath: String?

    init(inputs: [String], outputPath: String?, errorsPath: String?) throws(Arguments.UsageError) {
        guard let outputPath else {
            throw Arguments.UsageError(message: "--resume needs -o FILE: the checkpoint is kept beside the output")
        }
        guard !inputs.contains("-") else {
            throw Arguments.UsageError(message: "--resume needs input files: standard input cannot be read again")
        }
        for path in [outputPath] + (errorsPath.map { [$0] } ?? []) where !OutputFile.isReplaceable(path) {
            throw Arguments.UsageError(message: "--resume needs regular files for its outputs; \(path) is not one")
        }
        self.outputPath = outputPath
        self.errorsPath = errorsPath
        let partial = OutputFile.partialPath(for: outputPath)
        for path in [outputPath] + (errorsPath.map { [$0] } ?? []) {
            TemporaryFiles.removeStale(in: Self.folder(of: OutputFile.partialPath(for: path)))
        }
        checkpointPath = String(partial.dropLast(OutputFile.partialSuffix.count)) + Checkpoint.suffix
        var identities: [InputIdentity] = []
        for input in inputs {
            guard let identity = InputIdentity.of(input) else {
                throw Arguments.UsageError(message: "cannot open \(input): \(String(cString: strerror(errno)))")
            }
            identities.append(identity)
        }
        let command = Checkpoint.commandLine(Array(CommandLine.arguments.dropFirst()))
        fresh = Checkpoint(command: command, inputs: identities)
        guard let saved = try Checkpoint.load(checkpointPath) else {
            self.saved = nil
            return
        }
        let startOver = "remove \(checkpointPath) and \(partial) to start over"
        guard saved.command == command else {
            throw Arguments.UsageError(
                message: "--resume: \(checkpointPath) was written by another command line "
                    + "(\(saved.command.joined(separator: " "))); run that one again, or \(startOver)")
        }
        for (then, now) in zip(saved.inputs, identities) {
            if let change = then.change(to: now) {
                throw Arguments.UsageError(
                    message: "--resume: refusing to continue: \(change) since \(checkpointPath) was written; "
                        + "\(startOver)")
            }
        }
        if !saved.complete {
            var files = [(partial, saved.outputBytes)]
            if let errorsPath, let errorsBytes = saved.errorsBytes {
                files.append((OutputFile.partialPath(for: errorsPath), errorsBytes))
            }
            for (path, bytes) in files {
                var info = stat()
                guard stat(path, &info) == 0 else {
                    throw Arguments.UsageError(
                        message: "--resume: \(path), the output \(checkpointPath) continues, is missing; "
                            + "remove the checkpoint to start over")
                }
                guard Int(info.st_size) >= bytes else {
                    throw Arguments.UsageError(
                        message: "--resume: \(path) holds \(info.st_size) bytes, fewer than the \(bytes) "
                            + "\(checkpointPath) says were written (a crash before they reached the disk?); "
                            + startOver)
                }
            }
        }
        self.saved = saved
    }

    /// `--resume` for a directory input converted into `-o DIR`: the checkpoint `DIR/.pushnorm-checkpoint` counts
    /// the input files (in name order) done; the identity covers every file's name, size and modification time.
    /// Returns the checkpoint to continue from (or a fresh one) and its path.
    static func directory(_ directory: String, names: [String], outDirectory: String) throws(Arguments.UsageError)
        -> (checkpoint: Checkpoint, path: String)
    {
        let path = outDirectory + "/" + Checkpoint.suffix
        let identity = InputIdentity.of(directory: directory, names: names)
        let command = Checkpoint.commandLine(Array(CommandLine.arguments.dropFirst()))
        guard let saved = try Checkpoint.load(path) else {
            return (Checkpoint(command: command, inputs: [identity]), path)
        }
        guard saved.command == command else {
            throw Arguments.UsageError(
                message: "--resume: \(path) was written by another command line "
                    + "(\(saved.command.joined(separator: " "))); run that one again, or remove it to start over")
        }
        guard saved.inputs == [identity] else {
            throw Arguments.UsageError(
                message: "--resume: refusing to continue: the .json files of \(directory) (names, sizes or "
                    + "modification times) changed since \(path) was written; remove it to start over")
        }
        return (saved, path)
    }

    /// The folder holding `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// A run killed after its checkpoint said the output was complete: finishes the renames and reports it.
    func finishCompleted(_ saved: Checkpoint, isConvert: Bool) -> Int32 {
        let files = [outputPath] + (errorsPath.map { [$0] } ?? [])
        for path in files {
            let partial = OutputFile.partialPath(for: path)
            guard access(partial, F_OK) == 0 else { continue }  // renamed already
            guard rename(partial, String(partial.dropLast(OutputFile.partialSuffix.count))) == 0 else {
                IO.stderr("pushnorm: cannot rename \(partial) to \(path): \(String(cString: strerror(errno)))\n")
                return ExitStatus.outputFailed
            }
            OutputFile.syncDirectory(of: path)
        }
        unlink(checkpointPath)
        let tally = saved.tally
        if isConvert {
            IO.stderr("converted \(tally.converted), lossy \(tally.lossy), failed \(tally.failed) (finished earlier)\n")
        } else {
            IO.stderr(
                "validated \(tally.records): \(tally.converted) valid, \(tally.failed) invalid (finished earlier)\n")
        }
        return tally.failed > 0 ? ExitStatus.invalidInput : ExitStatus.ok
    }
}
