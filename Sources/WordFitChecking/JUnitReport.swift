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
    /// Its failures (none: it passed); CI systems show one, so reports give at most one.
    public var failures: [Failure]
    /// How long it took, in seconds.
    public var time: Double = 0
    /// What it printed: warnings that do not fail it, one a line; `nil` for none.
    public var systemOut: String? = nil

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
    /// How long its cases took, in seconds.
    public var time: Double { cases.reduce(0) { $0 + $1.time } }

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
    let time = suites.reduce(0) { $0 + $1.time }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<testsuites name=\"\(Self.escape(name))\" tests=\"\(tests)\" failures=\"\(failed)\" errors=\"0\" time=\"\(Self.seconds(time))\">\n"
    for suite in suites {
      let suiteFailed = suite.cases.filter { !$0.failures.isEmpty }.count
      out +=
        "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailed)\" errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(suite.time))\">\n"
      for test in suite.cases { out += Self.xml(test) }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  /// One test case's element.
  private static func xml(_ test: TestCase) -> String {
    let head =
      "    <testcase classname=\"\(escape(test.className))\" name=\"\(escape(test.name))\" time=\"\(seconds(test.time))\""
    guard !test.failures.isEmpty || test.systemOut != nil else { return head + "/>\n" }
    var out = head + ">\n"
    for failure in test.failures {
      out +=
        "      <failure message=\"\(escape(failure.message))\" type=\"\(escape(failure.type))\">\(escape(failure.details))</failure>\n"
    }
    if let printed = test.systemOut { out += "      <system-out>\(escape(printed))</system-out>\n" }
    return out + "    </testcase>\n"
  }

  /// Seconds with three decimals, as JUnit readers expect.
  static func seconds(_ value: Double) -> String {
    let milliseconds = Int((max(0, value) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// `text` safe in XML text and attributes; characters XML 1.0 cannot hold become U+FFFD.
  static func escape(_ text: String) -> String { TextFormatting.xmlEscaped(text) }
}
