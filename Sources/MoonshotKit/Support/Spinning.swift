import CPlatform

/// Busy-waits while `condition` holds, for at most two milliseconds, when there is another
/// CPU to run the thread being waited for; returns at once otherwise.
///
/// Waking a thread that sleeps on a condition variable can take half a millisecond on a
/// virtual machine, longer than the waits of a small import: spinning first avoids that.
/// Callers then wait on their `Monitor` in case the condition still holds.
func spinBriefly(while condition: () -> Bool) {
    guard otherCPUsAreUsable else { return }
    let deadline = Trace.monotonicSeconds() + 0.002
    var spins = 0
    while condition() {
        moonshot_cpu_relax()
        spins += 1
        if spins % 256 == 0 && Trace.monotonicSeconds() > deadline { return }
    }
}

/// Whether this process may run on more than one CPU.
private let otherCPUsAreUsable = moonshot_usable_cpu_count() > 1
