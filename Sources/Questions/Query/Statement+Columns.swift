import Dataset
import SQLite
import Store

extension Statement {
    /// Column `index` as text; throws when it is NULL, which a moonshot database never has there.
    package func notNullText(_ index: Int) throws -> String {
        guard let value = text(index) else { throw unexpectedNull(index) }
        return value
    }

    package func notNullInt64(_ index: Int) throws -> Int64 {
        guard let value = int64(index) else { throw unexpectedNull(index) }
        return value
    }

    func notNullInt(_ index: Int) throws -> Int { Int(try notNullInt64(index)) }

    /// Column `index` as a launch date, nil for NULL or anything that is not one.
    package func launchDate(_ index: Int) -> LaunchDate? {
        text(index).flatMap(LaunchDate.init(iso:))
    }

    private func unexpectedNull(_ index: Int) -> DatabaseProblem {
        .unexpectedNull(column: columnName(index))
    }
}
