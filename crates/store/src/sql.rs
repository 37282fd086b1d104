//! The little SQL both backends share: values, rows, and a connection ([`Db`]) that runs
//! a statement with positional parameters written `?1`, `?2`... Every write and read of
//! the store is written once against [`Db`] (`games.rs`, `read.rs`, `ratings.rs`); the
//! backends ([`crate::SqliteStore`], [`crate::PgStore`]) only connect, migrate and wrap
//! each write in its transaction. Where the two dialects differ, a statement asks
//! [`Db::dialect`].

use crate::{Result, StoreError};

/// Which database a [`Db`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// A parameter or a column's value. Integers are 64-bit in both schemas.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}

impl From<u32> for Value {
    fn from(v: u32) -> Value {
        Value::Int(v.into())
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Int(v.into())
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_owned())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// One row of a result.
#[derive(Clone, Debug)]
pub struct Row(pub Vec<Value>);

impl Row {
    fn at(&self, i: usize) -> Result<&Value> {
        self.0
            .get(i)
            .ok_or_else(|| StoreError::Corrupt(format!("a row without column {i}")))
    }

    fn wrong(&self, i: usize, wanted: &str) -> StoreError {
        StoreError::Corrupt(format!("column {i} is not {wanted}: {:?}", self.0.get(i)))
    }

    /// Column `i` as an integer, or `None` if it is NULL.
    pub fn opt_int(&self, i: usize) -> Result<Option<i64>> {
        match self.at(i)? {
            Value::Null => Ok(None),
            Value::Int(v) => Ok(Some(*v)),
            _ => Err(self.wrong(i, "an integer")),
        }
    }

    /// Column `i` as an integer.
    pub fn int(&self, i: usize) -> Result<i64> {
        self.opt_int(i)?.ok_or_else(|| self.wrong(i, "an integer"))
    }

    /// Column `i` as an integer that fits `T` (counts, numbers, ranks).
    pub fn small<T: TryFrom<i64>>(&self, i: usize) -> Result<T> {
        T::try_from(self.int(i)?).map_err(|_| self.wrong(i, "in range"))
    }

    /// Column `i` as a number with a fraction.
    pub fn real(&self, i: usize) -> Result<f64> {
        match self.at(i)? {
            Value::Real(v) => Ok(*v),
            Value::Int(v) => Ok(*v as f64),
            _ => Err(self.wrong(i, "a number")),
        }
    }

    /// Column `i` as a truth value (an integer 0 or 1).
    pub fn bool(&self, i: usize) -> Result<bool> {
        Ok(self.int(i)? != 0)
    }

    /// Column `i` as text, or `None` if it is NULL.
    pub fn opt_text(&self, i: usize) -> Result<Option<String>> {
        match self.at(i)? {
            Value::Null => Ok(None),
            Value::Text(v) => Ok(Some(v.clone())),
            _ => Err(self.wrong(i, "text")),
        }
    }

    /// Column `i` as text.
    pub fn text(&self, i: usize) -> Result<String> {
        self.opt_text(i)?.ok_or_else(|| self.wrong(i, "text"))
    }
}

/// A connection that runs statements (inside whatever transaction its backend opened).
pub trait Db {
    /// Which SQL it speaks.
    fn dialect(&self) -> Dialect;
    /// Runs a statement; the rows it changed.
    fn execute(&self, sql: &str, params: &[Value]) -> Result<u64>;
    /// Runs a query; its rows.
    fn query(&self, sql: &str, params: &[Value]) -> Result<Vec<Row>>;

    /// The first row of a query, if any.
    fn query_one(&self, sql: &str, params: &[Value]) -> Result<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }
}

/// Parameters for [`Db`] calls: `params![a, b]` is `&[Value::from(a), Value::from(b)]`.
macro_rules! params {
    ($($value:expr),* $(,)?) => {
        &[$($crate::sql::Value::from($value)),*]
    };
}
pub(crate) use params;
