/// Where the model's slow calls run — the library's disk work (opening with its repairs, keeping a take, saving a
/// title, deleting) — so that the thread that draws the window never waits on the disk.
///
/// Jobs run one at a time, in the order they were handed over, so the library sees its calls in the model's order
/// (a memo is kept before it is renamed or deleted). Each job's result comes back to `deliver` on the model's
/// scheduler thread.
public protocol BackgroundWork: Sendable {
    /// Runs `job` off the caller's thread, after the jobs handed over before it, then `deliver`s its result on the
    /// scheduler's thread.
    func run<Result: Sendable>(
        _ job: @escaping @Sendable () -> Result, then deliver: @escaping @Sendable (Result) -> Void)

    /// Waits until every job handed over so far has run (not for their deliveries): what a process does before it
    /// ends, so a take being kept as the window closed is kept.
    func waitUntilDone()
}
