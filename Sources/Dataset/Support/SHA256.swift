/// SHA-256 (FIPS 180-4), for recording which input an import came from.
package struct SHA256 {
    private var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
    private var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
    /// Bytes waiting for a complete 64-byte block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() {}

    /// The lower-case hex digest of `bytes`.
    package static func hexDigest(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest()
    }

    /// The lower-case hex digest of `text`'s UTF-8 bytes.
    package static func hexDigest(of text: String) -> String {
        var copy = text
        return copy.withUTF8 { hexDigest(of: $0) }
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeBufferPointer(start: base, count: take))
            index = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = (bytes.count - index) / 64
        if blocks > 0 {
            compress(base + index, blocks: blocks)
            index += blocks * 64
        }
        pending.append(contentsOf: UnsafeBufferPointer(start: base + index, count: bytes.count - index))
    }

    /// The 32-byte digest of everything added.
    package mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: $0.count / 64) }
        pending.removeAll()
        return [h0, h1, h2, h3, h4, h5, h6, h7].flatMap { word in
            (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) }
        }
    }

    /// The digest of everything added, as 64 lower-case hex digits.
    package mutating func hexDigest() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// One SHA-256 round: updates `d` and `h`; the caller rotates the names of the others.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
    ) {
        let bigSigma1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
        let choose = g ^ (e & (f ^ g))
        let t1 = h &+ bigSigma1 &+ choose &+ kw
        let bigSigma0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
        let majority = (a & b) | (c & (a | b))
        d = d &+ t1
        h = t1 &+ bigSigma0 &+ majority
    }

    /// Runs the compression function over `blocks` consecutive 64-byte blocks at `data`.
    private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
        var (s0, s1, s2, s3, s4, s5, s6, s7) = (h0, h1, h2, h3, h4, h5, h6, h7)
        Self.roundConstants.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let w = schedule.baseAddress!
                for block in 0..<blocks {
                    let bytes = data + block * 64
                    for t in 0..<16 {
                        let p = bytes + 4 * t
                        w[t] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
                    }
                    for t in 16..<64 {
                        let a = w[t - 15]
                        let b = w[t - 2]
                        let sigma0 = (a >> 7 | a << 25) ^ (a >> 18 | a << 14) ^ (a >> 3)
                        let sigma1 = (b >> 17 | b << 15) ^ (b >> 19 | b << 13) ^ (b >> 10)
                        w[t] = w[t - 16] &+ sigma0 &+ w[t - 7] &+ sigma1
                    }
                    var (a, b, c, d, e, f, g, h) = (s0, s1, s2, s3, s4, s5, s6, s7)
                    // Eight rounds per pass, renaming the working variables instead of moving them.
                    var t = 0
                    while t < 64 {
                        Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                        Self.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                        Self.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                        Self.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                        Self.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                        Self.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                        Self.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                        Self.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                        t += 8
                    }
                    s0 &+= a
                    s1 &+= b
                    s2 &+= c
                    s3 &+= d
                    s4 &+= e
                    s5 &+= f
                    s6 &+= g
                    s7 &+= h
                }
            }
        }
        (h0, h1, h2, h3, h4, h5, h6, h7) = (s0, s1, s2, s3, s4, s5, s6, s7)
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
