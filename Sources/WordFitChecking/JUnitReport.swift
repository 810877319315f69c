import WordFitCore

/// A JUnit XML report, as Jenkins, GitLab and most CI systems read it: suites of test cases,
/// each passing or carrying failures.
public struct JUnitReport: Sendable, Equatable {
  /// One failure of a test case.
  public struct Failure: Sendable, Equatable {
    /// A one-line message.
    public var message: String
    /// The failure's type (`truncated`, `min-scale` …).
    public var type: String
    /// Details: the text, the sizes, file paths.
    public var details: String

    /// A failure of `type` with a one-line `message` and `details`.
    public init(message: String, type: String, details: String) {
      (self.message, self.type, self.details) = (message, type, details)
    }
  }

  /// One test case.
  public struct TestCase: Sendable, Equatable {
    /// Its name (a catalog key, a golden's path).
    public var name: String
    /// Its class name (what CI systems group by).
    public var className: String
    /// Its failures (none: it passed).
    public var failures: [Failure]

    /// A test case named `name` in `className`.
    public init(name: String, className: String, failures: [Failure] = []) {
      (self.name, self.className, self.failures) = (name, className, failures)
    }
  }

  /// One suite.
  public struct Suite: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its test cases.
    public var cases: [TestCase]

    /// A suite named `name`.
    public init(name: String, cases: [TestCase]) {
      (self.name, self.cases) = (name, cases)
    }
  }

  /// The report's name.
  public var name: String
  /// The suites.
  public var suites: [Suite]

  /// A report named `name`.
  public init(name: String, suites: [Suite]) {
    (self.name, self.suites) = (name, suites)
  }

  /// The XML, UTF-8.
  ///
  /// - Complexity: O(*n*) in the report's size.
  public var xml: String {
    let tests = suites.reduce(0) { $0 + $1.cases.count }
    let failed = suites.reduce(0) { $0 + $1.cases.filter { !$0.failures.isEmpty }.count }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"\(Self.escape(name))\" tests=\"\(tests)\" failures=\"\(failed)\" errors=\"0\">\n"
    for suite in suites {
      let suiteFailed = suite.cases.filter { !$0.failures.isEmpty }.count
      out +=
        "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailed)\" errors=\"0\" skipped=\"0\">\n"
      for test in suite.cases {
        let head = "    <testcase classname=\"\(Self.escape(test.className))\" name=\"\(Self.escape(test.name))\""
        guard !test.failures.isEmpty else {
          out += head + "/>\n"
          continue
        }
        out += head + ">\n"
        for failure in test.failures {
          out +=
            "      <failure message=\"\(Self.escape(failure.message))\" type=\"\(Self.escape(failure.type))\">\(Self.escape(failure.details))</failure>\n"
        }
        out += "    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  /// `text` safe in XML text and attributes; characters XML 1.0 cannot hold become U+FFFD.
  static func escape(_ text: String) -> String { TextFormatting.xmlEscaped(text) }
}
