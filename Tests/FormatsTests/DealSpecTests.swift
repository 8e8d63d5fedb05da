import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

@Suite struct DealSpecTests {
    @Test(arguments: [
        ("seed:3", DealSource.seed(3)),
        ("seed:0", .seed(0)),
        ("seed:18446744073709551615", .seed(UInt64.max)),
        ("SEED:7", .seed(7)),
        (" ms:617 ", .microsoft(617)),
        ("ms:1", .microsoft(1)),
        ("ms:8589934591", .microsoft(8_589_934_591)),
    ])
    func readsDeals(text: String, deal: DealSource) throws {
        #expect(try DealSource(spec: text) == deal)
    }

    @Test(arguments: [
        ("seed", "P0706"), ("seed:", "P0706"), ("seed:x", "P0706"), ("seed:+3", "P0706"), ("seed:3.5", "P0706"),
        ("deal:3", "P0706"), (":3", "P0706"), ("", "P0706"), ("ms:١٢", "P0706"),
        ("seed:-1", "P0709"), ("seed:18446744073709551616", "P0709"),
        ("ms:0", "P0709"), ("ms:-4", "P0709"), ("ms:8589934592", "P0709"), ("ms:99999999999999999999", "P0709"),
    ])
    func rejectsOtherText(text: String, code: String) {
        #expect {
            _ = try DealSource(spec: text)
        } throws: { error in
            (error as? DiagnosticsError)?.code?.rawValue == code
        }
    }

    @Test func writesDealsBack() throws {
        expectEqual(DealSource.seed(3).spec, "seed:3")
        expectEqual(DealSource.microsoft(617).spec, "ms:617")
        expectEqual(DealSource.order([]).spec, nil)
        #expect(try DealSource(spec: "ms:617").spec == "ms:617")
    }
}
