// SPDX-License-Identifier: GPL-3.0-or-later
import CLinux
import Foundation
import Glibc
import SaomaCore

/// The decoder process's side: reads requests from Saoma, decodes the image Saoma put in the
/// shared memory with every engine (`Engines`), and answers with the codes found.
///
/// The process is Saoma's child and lives as long as its socket: it ends when Saoma closes its end
/// or dies. It has no core dumps, a ceiling on its data memory and, per request, on its CPU time
/// (the kernel ends it with SIGXCPU beyond that), so a decoder that runs away costs one image.
public enum DecoderService {
    /// The descriptors Saoma hands the decoder process.
    public static let socketDescriptor: Int32 = 3
    public static let memoryDescriptor: Int32 = 4

    /// Most data memory the process may use, in bytes.
    static let dataLimit: rlim_t = 2 << 30
    /// CPU seconds one request may use: still images, live frames.
    static let thoroughCPUSeconds = 30
    static let fastCPUSeconds = 4

    /// The process's main: `serve` with the standard descriptors. Returns the exit status.
    public static func main(extra: [(EngineStage, BarcodeDecoder)] = []) -> Int32 {
        if getppid() == 1 { return 1 }
        // Gone with Saoma, even in the middle of a decode: when Saoma's end of the socket closes
        // (Saoma ended, was killed, or let its client go). Not PR_SET_PDEATHSIG: that fires when
        // the *thread* that started the process ends, and Saoma starts it from whichever thread
        // reads first (a dispatch queue's, ended when idle).
        let watchdog = Thread { saoma_exit_on_hangup(socketDescriptor) }
        watchdog.stackSize = 64 << 10
        watchdog.start()
        signal(SIGPIPE, SIG_IGN)
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
        var data = rlimit(rlim_cur: dataLimit, rlim_max: dataLimit)
        setrlimit(Int32(RLIMIT_DATA.rawValue), &data)
        let memory = SharedImageMemory(adopting: memoryDescriptor)
        let channel = MessageChannel(descriptor: socketDescriptor)
        serve(channel: channel, memory: memory, decoder: Engines.make(extra: extra))
        return 0
    }

    /// Answers requests until the channel closes.
    static func serve(channel: MessageChannel, memory: SharedImageMemory, decoder: StagedDecoder) {
        // Stages of engines that cannot bound their own work run against a timer on this thread's
        // CPU clock: SIGXCPU ends the process when it expires, and the header names the engine.
        let made = saoma_cpu_timer_create()
        let timer = made >= 0 ? made : nil
        decoder.willRun = { [unowned memory] index in
            let stage = decoder.stages[index]
            memory.runningEngine = stage.engine
            if let timer { _ = saoma_cpu_timer_arm(timer, stageMilliseconds(stage)) }
        }
        while true {
            let body: [UInt8]
            do { body = try channel.receive(within: nil) } catch { return }
            let response: DecoderWire.Response
            do {
                let request = try DecoderWire.decodeRequest(body)
                response = answer(request, memory: memory, decoder: decoder)
                if let timer { _ = saoma_cpu_timer_arm(timer, 0) }
            } catch {
                // A request Saoma would never send: say so and go on.
                response = DecoderWire.Response(id: 0, symbols: [], error: "malformed request: \(error)")
            }
            do { try channel.send(DecoderWire.encode(response)) } catch { return }
        }
    }

    static func answer(_ request: DecoderWire.Request, memory: SharedImageMemory, decoder: StagedDecoder) -> DecoderWire.Response {
        guard let image = memory.readImage(width: request.width, height: request.height) else {
            return DecoderWire.Response(id: request.id, symbols: [], error: "the image is larger than the shared memory")
        }
        limitCPU(seconds: request.options.effort == .thorough ? thoroughCPUSeconds : fastCPUSeconds)
        decoder.excluded = request.excludedEngines
        let composed = decoder.stages
        if let stages = request.stages { decoder.stages = stages }
        defer { decoder.stages = composed }
        let symbols = decoder.decode(image, options: request.options)
        memory.runningEngine = nil
        return DecoderWire.Response(id: request.id, symbols: symbols)
    }

    /// The CPU milliseconds `stage` may use (0: no limit of its own; the request's applies).
    static func stageMilliseconds(_ stage: EngineStage) -> Int {
        stage.effort == .thorough ? Engines.stillStageMilliseconds[stage.engine] ?? 0 : 0
    }

    /// Lets the process use `seconds` more CPU time from now (SIGXCPU ends it beyond that).
    static func limitCPU(seconds: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, rlim_t(used + seconds))
        setrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
    }
}
