import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Write faults injected into the real executable: a full device (`/dev/full`), a file-size limit and a tiny
/// filesystem filling up part-way, a reader closing the pipe after one line, and SIGKILL at random points of a
/// 200 000-record conversion followed by `--resume`. Each must end in a non-zero status (3 output failed,
/// 4 reader gone) with an honest message, and never leave partial output under the final name.
@Suite(
    .serialized,
    .enabled(if: PushnormExecutable.exists, "skipped: build the executable first (swift build --product pushnorm)"))
struct OutputFaultTests {
    // MARK: - Helpers

    /// A fresh scratch directory, removed by the caller.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushnorm-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `count` ZEGO records, one per line: every 997th has a badge that fails, every 1000th line is blank.
    static func records(_ count: Int) -> [UInt8] {
        var text = ""
        text.reserveCapacity(count * 60)
        for i in 0..<count {
            if i % 1000 == 7 { text += "\n" }
            if i % 997 == 5 {
                text += #"{"aps":{"alert":"m\#(i)","badge":"x"}}"# + "\n"
            } else {
                text += #"{"aps":{"alert":"m\#(i)","badge":\#(i % 9)},"payload":"{\"k\":\#(i)}"}"# + "\n"
            }
        }
        return Array(text.utf8)
    }

    struct Outcome {
        var status: Int32
        var stderr: String
    }

    /// Runs the executable with standard output to `stdout` (a path), standard input from `stdin` (a path, or
    /// nothing), in `directory`; `fileSizeLimit` (KiB) runs it under `ulimit -f`.
    static func run(
        _ arguments: [String], stdin: String? = nil, stdout: String = "/dev/null", in directory: URL,
        fileSizeLimit: Int? = nil
    ) throws -> Outcome {
        let process = Process()
        if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -f \(fileSizeLimit) && exec \"$0\" \"$@\"", PushnormExecutable.path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: PushnormExecutable.path)
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        let errorURL = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorURL) }
        process.standardInput =
            try stdin.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    static func contents(_ url: URL) -> [UInt8]? {
        (try? Data(contentsOf: url)).map { Array($0) }
    }

    /// Files in `directory` whose names contain `fragment`.
    static func files(in directory: URL, containing fragment: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { fragment.isEmpty || $0.contains(fragment) }.sorted()
    }

    // MARK: - A full device

    @Test("every batch path onto /dev/full: status 3, the file named, nothing claimed")
    func devFull() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.ndjson")
        try Data(Self.records(3000)).write(to: input)
        let convert = ["convert", "--from", "zego", "--to", "amazon", "in.ndjson"]
        let cases: [(arguments: [String], stdout: String, names: String)] = [
            (convert, "/dev/full", "standard output"),
            (convert + ["-o", "/dev/full"], "/dev/null", "/dev/full"),
            (convert + ["--errors", "/dev/full"], "/dev/null", "/dev/full"),
            (["validate", "--records", "--format", "zego", "in.ndjson"], "/dev/full", "standard output"),
            (["validate", "--format", "zego", "in.ndjson"], "/dev/full", "standard output"),
            (
                ["normalise", PushnormExecutable.packageRoot + "/Examples/payloads/zego/photo-attachment.json"],
                "/dev/full", "standard output"
            ),
            (["formats"], "/dev/full", "standard output"),
        ]
        for (arguments, stdout, names) in cases {
            let run = try Self.run(arguments, stdout: stdout, in: directory)
            #expect(run.status == 3, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr.contains("cannot write \(names): No space left on device"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("converted 3000"), "\(arguments) claims records it never wrote")
        }
        // render reads a canonical notification.
        let canonical = directory.appendingPathComponent("canonical.json")
        try Data(#"{"schemaVersion":1,"body":"hi"}"#.utf8).write(to: canonical)
        let render = try Self.run(
            ["render", "--format", "apns"], stdin: canonical.path, stdout: "/dev/full", in: directory)
        #expect(render.status == 3)
        #expect(render.stderr.contains("No space left on device"))
    }

    // MARK: - A file that fills up part-way (no root needed: a file-size limit)

    @Test("-o FILE, --errors FILE and -o DIR filling up part-way leave the final names as they were")
    func fileSizeLimit() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.records(3000)).write(to: directory.appendingPathComponent("in.ndjson"))
        let out = directory.appendingPathComponent("out.ndjson")
        try Data("old output\n".utf8).write(to: out)

        let run = try Self.run(
            ["convert", "--from", "zego", "--to", "amazon", "in.ndjson", "-o", "out.ndjson"], in: directory,
            fileSizeLimit: 40)
        #expect(run.status == 3)
        #expect(run.stderr.contains("cannot write out.ndjson: File too large"), "\(run.stderr)")
        #expect(run.stderr.contains("the last record written was record "))
        #expect(run.stderr.contains("out.ndjson left as it was (temporary file removed)"))
        #expect(Self.contents(out) == Array("old output\n".utf8))
        #expect(Self.files(in: directory, containing: "pushnorm-tmp").isEmpty)

        // The errors file is the one too large: every record fails.
        var failing = ""
        for i in 0..<3000 { failing += #"{"aps":{"alert":"m\#(i)","badge":"not a number"}}"# + "\n" }
        try Data(failing.utf8).write(to: directory.appendingPathComponent("bad.ndjson"))
        let errors = try Self.run(
            [
                "convert", "--from", "apns", "--to", "amazon", "bad.ndjson", "--errors", "errors.ndjson", "-o",
                "o2.ndjson",
            ],
            in: directory, fileSizeLimit: 40)
        #expect(errors.status == 3)
        #expect(errors.stderr.contains("cannot write errors.ndjson: File too large"), "\(errors.stderr)")
        #expect(errors.stderr.contains("errors.ndjson not created (temporary file removed)"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("errors.ndjson").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("o2.ndjson").path))
        #expect(Self.files(in: directory, containing: "pushnorm-tmp").isEmpty)

        // A directory: the small files are written whole, the large one not at all.
        let inDirectory = directory.appendingPathComponent("payloads")
        try FileManager.default.createDirectory(at: inDirectory, withIntermediateDirectories: true)
        try Data(#"{"aps":{"alert":"a"}}"#.utf8).write(to: inDirectory.appendingPathComponent("a.json"))
        let long = String(repeating: "x", count: 60_000)
        try Data(#"{"aps":{"alert":"\#(long)"}}"#.utf8).write(to: inDirectory.appendingPathComponent("b.json"))
        try Data(#"{"aps":{"alert":"c"}}"#.utf8).write(to: inDirectory.appendingPathComponent("c.json"))
        let outDirectory = directory.appendingPathComponent("converted")
        let dir = try Self.run(
            // --allow-invalid: the large payload is over the APNs limit, and this test is about the output.
            ["convert", "--from", "apns", "--to", "amazon", "--allow-invalid", "payloads", "-o", "converted"],
            in: directory, fileSizeLimit: 40)
        #expect(dir.status == 3)
        #expect(dir.stderr.contains("cannot write converted/b.json: File too large"), "\(dir.stderr)")
        #expect(dir.stderr.contains("the last file written was converted/a.json"))
        #expect(Self.files(in: outDirectory, containing: "") == ["a.json"])
    }

    // MARK: - A tiny filesystem filling up (root: a tmpfs in a private mount namespace)

    /// Why the tmpfs test cannot run here, or nil when it can.
    static let tmpfsUnavailable: String? = {
        guard getuid() == 0 else { return "skipped: not root, so no tmpfs can be mounted (CI runs as root)" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            return "skipped: unshare(1) is missing (util-linux)"
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        let point = FileManager.default.temporaryDirectory.appendingPathComponent("pushnorm-probe-\(getpid())").path
        probe.arguments = ["-m", "sh", "-c", "mkdir -p '\(point)' && mount -t tmpfs -o size=1m tmpfs '\(point)'"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "skipped: unshare cannot run" }
        probe.waitUntilExit()
        try? FileManager.default.removeItem(atPath: point)
        return probe.terminationStatus == 0
            ? nil : "skipped: cannot mount a tmpfs in a private mount namespace (unshare -m: no CAP_SYS_ADMIN here)"
    }()

    @Test(
        "a 1 MB tmpfs filling up: status 3, the old file untouched; --resume keeps its partial and finishes once there is room",
        .enabled(if: tmpfsUnavailable == nil, Comment(rawValue: tmpfsUnavailable ?? "")))
    func tinyFilesystem() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.records(30_000)).write(to: directory.appendingPathComponent("in.ndjson"))
        let convert = ["convert", "--from", "zego", "--to", "amazon", "--jobs", "1", "in.ndjson", "--errors"]
        let reference = try Self.run(
            convert + ["ref-errors.ndjson", "-o", "ref.ndjson"], in: directory)
        #expect(reference.status == 1)  // some records fail
        let mount = directory.appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let b = PushnormExecutable.path
        let args =
            "convert --from zego --to amazon --jobs 1 in.ndjson --errors \"$M/errors.ndjson\" -o \"$M/out.ndjson\""
        let script = """
            M='\(mount.path)'; B='\(b)'
            mount -t tmpfs -o size=1m tmpfs "$M" || exit 90
            echo old > "$M/out.ndjson"
            "$B" \(args) 2> plain.err; echo "$?" > plain.status
            cp "$M/out.ndjson" plain.out; ls -A "$M" > plain.files
            "$B" \(args) --resume 2> full.err; echo "$?" > full.status
            ls -A "$M" > full.files; cp "$M/out.ndjson.pushnorm-checkpoint" full.checkpoint
            stat -c %s "$M/out.ndjson.pushnorm-partial" > full.partial-size
            mount -o remount,size=64m "$M"
            "$B" \(args) --resume 2> resumed.err; echo "$?" > resumed.status
            ls -A "$M" > resumed.files; cp "$M/out.ndjson" resumed.out; cp "$M/errors.ndjson" resumed.errors
            """
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        shell.arguments = ["-m", "sh", "-c", script]
        shell.currentDirectoryURL = directory
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        func text(_ name: String) -> String {
            String(decoding: Self.contents(directory.appendingPathComponent(name)) ?? [], as: UTF8.self)
        }
        // Without --resume: the old file untouched, the temporary file removed, an honest message.
        #expect(text("plain.status") == "3\n")
        #expect(text("plain.err").contains("out.ndjson: No space left on device"), "\(text("plain.err"))")
        #expect(text("plain.err").contains("the last record written was record "))
        #expect(text("plain.out") == "old\n")
        #expect(text("plain.files") == "out.ndjson\n")
        // With --resume: status 3, the partial files and the checkpoint kept, the partial cut to what it says.
        #expect(text("full.status") == "3\n")
        #expect(text("full.err").contains("rerun with --resume to continue"), "\(text("full.err"))")
        #expect(
            text("full.files").split(separator: "\n").sorted() == [
                "errors.ndjson.pushnorm-partial", "out.ndjson", "out.ndjson.pushnorm-checkpoint",
                "out.ndjson.pushnorm-partial",
            ])
        let checkpoint = try JSONParser().parse(Array(text("full.checkpoint").utf8))
        #expect(
            checkpoint["outputBytes"]?.int64Value.map(String.init)
                == text("full.partial-size").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((checkpoint["tally"]?["records"]?.int64Value ?? 0) > 0)
        // Room made: the resumed run finishes, byte-identical to an uninterrupted run, nothing left over.
        #expect(text("resumed.status") == "1\n", "\(text("resumed.err"))")
        #expect(text("resumed.files").split(separator: "\n").sorted() == ["errors.ndjson", "out.ndjson"])
        #expect(
            Self.contents(directory.appendingPathComponent("resumed.out"))
                == Self.contents(directory.appendingPathComponent("ref.ndjson")))
        #expect(
            Self.contents(directory.appendingPathComponent("resumed.errors"))
                == Self.contents(directory.appendingPathComponent("ref-errors.ndjson")))
    }

    // MARK: - A reader that goes away

    @Test("a reader closing the pipe after one line: reading stops at once, status 4, nothing said")
    func closedPipe() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.ndjson")
        let bytes = Self.records(200_000)
        try Data(bytes).write(to: input)
        // The child reads through this very file description: its offset afterwards is how far it read.
        let stdin = try FileHandle(forReadingFrom: input)
        let stdout = Pipe()
        let errorURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PushnormExecutable.path)
        process.arguments = ["convert", "--from", "zego", "--to", "amazon", "--jobs", "2"]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        try? stdout.fileHandleForWriting.close()
        var line: [UInt8] = []
        let reader = stdout.fileHandleForReading.fileDescriptor
        var byte: UInt8 = 0
        while read(reader, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        try stdout.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(line.first == UInt8(ascii: "{"))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 4)
        #expect(String(decoding: Self.contents(errorURL) ?? [], as: UTF8.self) == "")
        let readUpTo = lseek(stdin.fileDescriptor, 0, SEEK_CUR)
        #expect(readUpTo < bytes.count / 2, "read \(readUpTo) of \(bytes.count) bytes after the reader left")
    }

    // MARK: - Killed and resumed

    @Test(
        "SIGKILL at 24 random points of a 200 000-record conversion, each followed by --resume: byte-identical output")
    func killedAndResumed() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.records(200_000)).write(to: directory.appendingPathComponent("in.ndjson"))
        let convert = ["convert", "--from", "zego", "--to", "amazon", "--jobs", "2", "in.ndjson"]
        let started = Date()
        let reference = try Self.run(convert + ["--errors", "ref-errors.ndjson", "-o", "ref.ndjson"], in: directory)
        let uninterrupted = Date().timeIntervalSince(started)
        #expect(reference.status == 1)
        let expected = Self.contents(directory.appendingPathComponent("ref.ndjson"))
        let expectedErrors = Self.contents(directory.appendingPathComponent("ref-errors.ndjson"))
        #expect((expected?.count ?? 0) > 0)

        let resumable = convert + ["--errors", "errors.ndjson", "-o", "out.ndjson", "--resume"]
        let out = directory.appendingPathComponent("out.ndjson")
        let errors = directory.appendingPathComponent("errors.ndjson")
        let checkpointURL = directory.appendingPathComponent("out.ndjson.pushnorm-checkpoint")
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        var random = SplitMix64(seed: seed)
        var kills = 0
        var finishedEarly = 0
        var lastRecords: Int64 = 0
        var progress: Set<Int64> = []
        let killPoints = 24
        while kills < killPoints {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: PushnormExecutable.path)
            process.arguments = resumable
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // One kill in six at a random moment of start-up (before the run has written anything: within the first
            // twentieth of an uninterrupted run, at most 300 ms, so a fast machine does not finish first); the others
            // once the checkpoint has passed a random number of records more (the kill points spread over one run
            // whatever the machine's speed, so a run rarely gets to the end between two of them), then a random
            // moment up to 1/400 of an uninterrupted run later (mid-batch, mid-write, mid-checkpoint).
            if kills % 6 == 1 {
                usleep(UInt32(random.unit * min(0.3, uninterrupted / 20) * 1_000_000))
            } else {
                // On average a kill's share of the 200 000 records: the 20 kills after the first checkpoint span most
                // of the run.
                let share = Double(200_000 / killPoints)
                let target = lastRecords + Int64(random.unit * 2 * share) + 1
                let deadline = Date().addingTimeInterval(120)
                while process.isRunning, Date() < deadline, Self.checkpointRecords(checkpointURL) < target {
                    usleep(1_000)
                }
                usleep(UInt32(random.unit * uninterrupted / 400 * 1_000_000))
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                kills += 1
                // Never a partial file under the final names (a kill between the two final renames leaves one
                // complete file).
                if let partial = Self.contents(out) {
                    #expect(partial == expected, "kill \(kills): out.ndjson partial")
                }
                if let partial = Self.contents(errors) {
                    #expect(partial == expectedErrors, "kill \(kills): errors.ndjson partial")
                }
                let records = Self.checkpointRecords(checkpointURL)
                if records >= 0 {
                    #expect(records >= lastRecords, "a resumed run went back from \(lastRecords) to \(records)")
                    lastRecords = records
                    progress.insert(records)
                }
            } else {
                // It finished before this kill point: check it, then convert again for the remaining kill points.
                finishedEarly += 1
                #expect(process.terminationStatus == 1)
                #expect(Self.contents(out) == expected)
                #expect(Self.contents(errors) == expectedErrors)
                try FileManager.default.removeItem(at: out)
                try FileManager.default.removeItem(at: errors)
                lastRecords = 0
            }
        }
        let last = try Self.run(resumable, in: directory)
        #expect(last.status == 1, "\(last.stderr)")
        // The counts of the resumed runs add up to those of the uninterrupted one.
        func counts(_ summary: String) -> Substring? {
            summary.range(of: "converted [0-9]+, lossy [0-9]+, failed [0-9]+", options: .regularExpression).map {
                summary[$0]
            }
        }
        #expect(
            counts(last.stderr) != nil && counts(last.stderr) == counts(reference.stderr),
            "\(last.stderr) vs \(reference.stderr)")
        #expect(Self.contents(out) == expected, "output differs from the uninterrupted run (seed \(seed))")
        #expect(Self.contents(errors) == expectedErrors, "errors differ from the uninterrupted run (seed \(seed))")
        #expect(Self.files(in: directory, containing: "pushnorm").isEmpty)
        #expect(finishedEarly <= 1)
        // The kills landed at many different points, not all before the first checkpoint.
        #expect(progress.count >= 12, "kills left checkpoints at only \(progress.sorted())")
    }

    /// Records a checkpoint says are written; -1 when there is none.
    static func checkpointRecords(_ url: URL) -> Int64 {
        guard let bytes = contents(url), let checkpoint = try? JSONParser().parse(bytes) else { return -1 }
        return checkpoint["tally"]?["records"]?.int64Value ?? -1
    }

    // MARK: - What --resume refuses

    /// A run stopped by a full disk just after an array element that was resynchronised past (it never closed): the
    /// checkpoint points past that element's comma, so the resumed run reads on from the next element instead of
    /// taking the comma for an empty element. The padding puts the stop right after the broken element's record.
    @Test(
        "a run stopped after a broken array element resumes at the next element",
        arguments: Array(stride(from: 699, to: 724, by: 3)))
    func resumeAfterAResynchronisedElement(pad: Int) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let elements =
            [#"{"aps":{"alert":"\#(String(repeating: "p", count: pad))"}}"#, #"{"aps":{"alert":"broken""#]
            + (0..<30).map { #"{"aps":{"alert":"g\#($0)"}}"# }
        try Data(("[\n" + elements.joined(separator: ",\n") + "\n]\n").utf8)
            .write(to: directory.appendingPathComponent("in.json"))
        let convert = ["convert", "--from", "apns", "--to", "apns", "in.json"]
        let reference = directory.appendingPathComponent("reference.json")
        _ = FileManager.default.createFile(atPath: reference.path, contents: nil)
        _ = try Self.run(convert, stdout: reference.path, in: directory)
        let resumable = convert + ["-o", "out.json", "--resume"]
        let stopped = try Self.run(resumable, in: directory, fileSizeLimit: 2)  // 1 KiB in 512-byte blocks
        #expect(stopped.status == 3, "\(stopped.stderr)")
        let resumed = try Self.run(resumable, in: directory)
        #expect(resumed.status == 1, "\(resumed.stderr)")
        #expect(!resumed.stderr.contains("empty array element"), "\(resumed.stderr)")
        #expect(Self.contents(directory.appendingPathComponent("out.json")) == Self.contents(reference))
    }

    @Test("--resume refuses a changed input, another command line, standard input and a missing -o")
    func resumeRefusals() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.ndjson")
        try Data(Self.records(3000)).write(to: input)
        let resumable = ["convert", "--from", "zego", "--to", "amazon", "in.ndjson", "-o", "out.ndjson", "--resume"]
        // A checkpoint as a stopped run leaves it: the first records written, the rest to do.
        let killed = try Self.run(
            resumable, in: directory, fileSizeLimit: 40)  // stops part-way, keeping the partial and checkpoint
        #expect(killed.status == 3)
        #expect(killed.stderr.contains("rerun with --resume to continue"), "\(killed.stderr)")

        let other = try Self.run(
            ["convert", "--from", "zego", "--to", "apns", "in.ndjson", "-o", "out.ndjson", "--resume"], in: directory)
        #expect(other.status == 2)
        #expect(other.stderr.contains("was written by another command line"), "\(other.stderr)")

        let original = try Data(contentsOf: input)
        try (original + Data(#"{"aps":{"alert":"appended"}}"#.utf8 + [0x0A])).write(to: input)
        let changed = try Self.run(resumable, in: directory)
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("refusing to continue: in.ndjson changed size"), "\(changed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ndjson").path))

        // The same input back (same bytes, new mtime): still refused, as modified.
        try original.write(to: input)
        let touched = try Self.run(resumable, in: directory)
        #expect(touched.status == 2)
        #expect(touched.stderr.contains("was modified"), "\(touched.stderr)")

        let stdin = try Self.run(
            ["convert", "--to", "amazon", "-o", "x.ndjson", "--resume"], stdin: input.path, in: directory)
        #expect(stdin.status == 2)
        #expect(stdin.stderr.contains("standard input cannot be read again"))
        let noOutput = try Self.run(["convert", "--to", "amazon", "in.ndjson", "--resume"], in: directory)
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("--resume needs -o FILE"))
    }

    @Test("--resume with -o DIR: a rerun skips the files written, and refuses a changed directory")
    func directoryResume() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inDirectory = directory.appendingPathComponent("payloads")
        try FileManager.default.createDirectory(at: inDirectory, withIntermediateDirectories: true)
        try Data(#"{"aps":{"alert":"a"}}"#.utf8).write(to: inDirectory.appendingPathComponent("a.json"))
        let long = String(repeating: "x", count: 60_000)
        try Data(#"{"aps":{"alert":"\#(long)"}}"#.utf8).write(to: inDirectory.appendingPathComponent("b.json"))
        // Not JSON: fails even with --allow-invalid (which the large payload, over the APNs limit, needs).
        try Data(#"{"aps":{"alert":"c","badge":"x"}"#.utf8).write(to: inDirectory.appendingPathComponent("c.json"))
        try Data(#"{"aps":{"alert":"d"}}"#.utf8).write(to: inDirectory.appendingPathComponent("d.json"))
        let resumable = [
            "convert", "--from", "apns", "--to", "amazon", "--allow-invalid", "payloads", "-o", "converted", "--resume",
        ]
        let converted = directory.appendingPathComponent("converted")
        let stopped = try Self.run(resumable, in: directory, fileSizeLimit: 40)
        #expect(stopped.status == 3)
        #expect(
            stopped.stderr.contains("converted/.pushnorm-checkpoint kept: rerun with --resume"), "\(stopped.stderr)")
        #expect(Self.files(in: converted, containing: "") == [".pushnorm-checkpoint", "a.json"])
        func inode(_ name: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: converted.appendingPathComponent(name).path)[
                .systemFileNumber] as? Int
        }
        let first = try inode("a.json")
        let finished = try Self.run(resumable, in: directory)
        #expect(finished.status == 1)  // c.json fails
        #expect(finished.stderr.contains("converted 3, lossy 0, failed 1"), "\(finished.stderr)")
        #expect(Self.files(in: converted, containing: "") == ["a.json", "b.json", "d.json"])
        #expect(try inode("a.json") == first, "a.json was written again")

        // A changed input directory is refused.
        let other = [
            "convert", "--from", "apns", "--to", "amazon", "--allow-invalid", "payloads", "-o", "again", "--resume",
        ]
        #expect(try Self.run(other, in: directory, fileSizeLimit: 40).status == 3)
        try Data(#"{"aps":{"alert":"A"}}"#.utf8).write(to: inDirectory.appendingPathComponent("a.json"))
        let changed = try Self.run(other, in: directory)
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("refusing to continue: the .json files of payloads"), "\(changed.stderr)")
    }

    @Test("--resume continues a run stopped part-way, over two JSON arrays, with --jobs 1")
    func resumeAcrossInputs() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a", "b"] {
            var array = "[\n"
            for i in 0..<3000 {
                let badge = i % 701 == 3 ? "\"x\"" : "\(i % 5)"
                array += (i == 0 ? "" : ",\n") + #"  {"aps":{"alert":"\#(name)\#(i)","badge":\#(badge)}}"#
            }
            array += "\n]\n"
            try Data(array.utf8).write(to: directory.appendingPathComponent("\(name).json"))
        }
        let convert = ["convert", "--from", "zego", "--to", "amazon", "--jobs", "1", "a.json", "b.json"]
        let reference = try Self.run(convert + ["-o", "ref.json"], in: directory)
        #expect(reference.status == 1)
        let resumable = convert + ["-o", "out.json", "--resume"]
        // Stopped by a file-size limit at ever larger sizes, then resumed with room.
        for limit in [30, 80, 160] {
            let stopped = try Self.run(resumable, in: directory, fileSizeLimit: limit)
            #expect(stopped.status == 3, "\(stopped.stderr)")
        }
        let finished = try Self.run(resumable, in: directory)
        #expect(finished.status == 1, "\(finished.stderr)")
        #expect(
            Self.contents(directory.appendingPathComponent("out.json"))
                == Self.contents(directory.appendingPathComponent("ref.json")))
        #expect(Self.files(in: directory, containing: "pushnorm").isEmpty)
    }
}

/// A small seeded generator (the kill points differ run to run; a failure prints the output it saw).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    var unit: Double {
        mutating get { Double(next() >> 11) / Double(1 << 53) }
    }
}
