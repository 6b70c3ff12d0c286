#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let status = Moonshot.main(Array(CommandLine.arguments.dropFirst()), environment: Terminal.environment)
exit(status.rawValue)
